import { listingsEndpoints } from "@contract/endpoints/listings";
import { GAME_NAMES } from "@contract/games";
import type { StoreProduct } from "@contract/shopify";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { ItemQuantityRow } from "@/components/item-quantity-row";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ImageWithFallback } from "@/components/ui/image-with-fallback";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { useInventory } from "@/lib/inventory";
import { type ItemSelection, selectionLines, toggleItem } from "@/lib/item-selection";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { useListings, useStoreProducts } from "./api/listings";
import {
  DEFAULT_STOCK_TEXT,
  isFullyLinked,
  type LinkableItem,
  linkableItems,
  linkedVariantIds,
  MAX_STOCK,
  parseStock,
  validateLink,
} from "./listings-logic";

export interface LinkItemsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Inventory's List Item: that item starts selected. */
  initialItemId?: string;
}

/** Link Items to Shopify Listing (spec 000 §2, §5): items and quantities, a store product variant, and stock. */
export function LinkItemsDialog({ open, onOpenChange, initialItemId }: LinkItemsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <LinkForm open={open} initialItemId={initialItemId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted only while the dialog shows, so every opening starts fresh. */
function LinkForm({
  open,
  initialItemId,
  onDone,
}: {
  open: boolean;
  initialItemId?: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const inventory = useInventory();
  const listings = useListings();
  const products = useStoreProducts(open);

  const [selection, setSelection] = useState<ItemSelection>(() =>
    initialItemId ? { [initialItemId]: "1" } : {},
  );
  const [productId, setProductId] = useState("");
  const [variantId, setVariantId] = useState("");
  const [stock, setStock] = useState(DEFAULT_STOCK_TEXT);
  const stockId = useId();
  const productSelectId = useId();
  const variantSelectId = useId();

  const items = useMemo(
    () => linkableItems(inventory.data ?? [], listings.data ?? []),
    [inventory.data, listings.data],
  );
  const product = products.data?.find((p) => p.id === productId);
  const linkedVariants = useMemo(() => linkedVariantIds(listings.data ?? []), [listings.data]);

  const link = useMutation({
    mutationFn: () =>
      api(listingsEndpoints.link, {
        body: {
          shopifyProductId: productId,
          shopifyVariantId: variantId,
          stockQuantity: parseStock(stock),
          items: selectionLines(selection),
        },
      }),
    onSuccess: async () => {
      toast({ title: "Items linked to Shopify listing successfully!" });
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(listingsEndpoints.list) });
    },
    onError: (err) => toastError(err, "Failed to link items"),
  });

  const submit = () => {
    const problem = validateLink({ productId, variantId, selection }, items);
    if (problem) return toastError(problem);
    setStock(String(parseStock(stock)));
    link.mutate();
  };

  const chooseProduct = (id: string) => {
    const next = products.data?.find((p) => p.id === id);
    setProductId(id);
    const free = next?.variants.filter((v) => !linkedVariants.has(v.id)) ?? [];
    setVariantId(free.length === 1 && free[0] ? free[0].id : "");
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Link Items to Shopify Listing</DialogTitle>
        <DialogDescription>
          Choose the items one sale delivers, the Shopify product they are sold as, and how many you can sell.
        </DialogDescription>
      </DialogHeader>
      <DialogForm pending={link.isPending} onSubmit={submit}>
        <ItemPicker
          firstItemId={initialItemId}
          loading={inventory.isPending || listings.isPending}
          error={inventory.error ?? listings.error}
          items={items}
          selection={selection}
          onSelectionChange={setSelection}
        />

        <section className="space-y-3" aria-label="Shopify listing">
          <h3 className="text-sm font-semibold">Shopify Listing</h3>
          {products.isPending ? (
            <Skeleton className="h-9 w-full" />
          ) : products.isError ? (
            <LoadError title="Could not load your Shopify products" error={products.error} />
          ) : products.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">Your Shopify store has no products yet.</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-[auto_1fr_1fr] sm:items-end">
              <ImageWithFallback
                src={product?.image?.src}
                alt=""
                className="hidden size-16 rounded-md border object-cover sm:flex"
              />
              <div className="space-y-2">
                <Label htmlFor={productSelectId}>Shopify Product</Label>
                <Select value={productId} onValueChange={chooseProduct}>
                  <SelectTrigger id={productSelectId} className="w-full">
                    <SelectValue placeholder="Select a product" />
                  </SelectTrigger>
                  <SelectContent>
                    {products.data.map((p) => {
                      const taken = isFullyLinked(p, linkedVariants);
                      return (
                        <SelectItem key={p.id} value={p.id} disabled={taken}>
                          {taken ? `${p.title} (already linked)` : p.title}
                        </SelectItem>
                      );
                    })}
                  </SelectContent>
                </Select>
              </div>
              <div className="space-y-2">
                <Label htmlFor={variantSelectId}>Variant</Label>
                <Select value={variantId} onValueChange={setVariantId} disabled={!product}>
                  <SelectTrigger id={variantSelectId} className="w-full">
                    <SelectValue placeholder="Select a variant" />
                  </SelectTrigger>
                  <SelectContent>
                    {product?.variants.map((v) => {
                      const taken = linkedVariants.has(v.id);
                      return (
                        <SelectItem key={v.id} value={v.id} disabled={taken}>
                          {taken ? `${variantLabel(v)} (already linked)` : variantLabel(v)}
                        </SelectItem>
                      );
                    })}
                  </SelectContent>
                </Select>
              </div>
            </div>
          )}
        </section>

        <div className="space-y-2">
          <Label htmlFor={stockId}>Stock Quantity</Label>
          <Input
            id={stockId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_STOCK}
            step={1}
            className="w-40"
            value={stock}
            onChange={(event) => setStock(event.target.value)}
            onBlur={() => setStock(String(parseStock(stock)))}
          />
          <p className="text-xs text-muted-foreground">How many times this listing can be sold.</p>
        </div>

        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={link.isPending}>
            {link.isPending ? "Linking..." : "Link Items"}
          </Button>
        </DialogFooter>
      </DialogForm>
    </>
  );
}

function variantLabel(v: StoreProduct["variants"][number]): string {
  const name = v.title && v.title !== "Default Title" ? v.title : "Default";
  return `${name} · $${v.price}`;
}

function ItemPicker({
  firstItemId,
  loading,
  error,
  items,
  selection,
  onSelectionChange,
}: {
  /** The item List Item was clicked on: listed first, so it is in view. */
  firstItemId?: string;
  loading: boolean;
  error: Error | null;
  items: LinkableItem[];
  selection: ItemSelection;
  onSelectionChange: (next: ItemSelection) => void;
}) {
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const shown = items
    .filter(
      ({ entry }) =>
        !needle ||
        entry.itemId in selection ||
        entry.item.publicName.toLowerCase().includes(needle) ||
        entry.item.codeName.toLowerCase().includes(needle),
    )
    .sort((a, b) => Number(b.entry.itemId === firstItemId) - Number(a.entry.itemId === firstItemId));
  // One game per listing: once an item is picked, items of other games cannot be added.
  const selectedGame = items.find((i) => i.entry.itemId in selection)?.entry.item.game;

  const toggle = (itemId: string, checked: boolean) =>
    onSelectionChange(toggleItem(selection, itemId, checked));

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold">Inventory Items</legend>
      {loading ? (
        <Skeleton className="h-32 w-full" />
      ) : error ? (
        <LoadError title="Could not load your inventory" error={error} />
      ) : items.length === 0 ? (
        <EmptyState
          className="py-8"
          title="No items in inventory"
          description="Deposit items before listing them."
        />
      ) : (
        <>
          <SearchInput
            aria-label="Search inventory items"
            placeholder="Search items..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <ul className="max-h-72 divide-y overflow-y-auto rounded-md border">
            {shown.map((item) => (
              <LinkRow
                key={item.entry.itemId}
                item={item}
                quantity={selection[item.entry.itemId]}
                blocked={selectedGame !== undefined && item.entry.item.game !== selectedGame}
                onToggle={(checked) => toggle(item.entry.itemId, checked)}
                onQuantity={(value) => onSelectionChange({ ...selection, [item.entry.itemId]: value })}
              />
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}

function LinkRow({
  item,
  quantity,
  blocked,
  onToggle,
  onQuantity,
}: {
  item: LinkableItem;
  quantity: string | undefined;
  blocked: boolean;
  onToggle: (checked: boolean) => void;
  onQuantity: (value: string) => void;
}) {
  const { publicName, imageUrl, game } = item.entry.item;
  const linked = item.entry.quantity - item.available;
  return (
    <ItemQuantityRow
      publicName={publicName}
      imageUrl={imageUrl}
      detail={
        <>
          {GAME_NAMES[game]} · Available: {item.available}
          {linked > 0 && ` (${linked} linked)`}
        </>
      }
      max={item.available}
      quantity={quantity}
      disabled={blocked || item.available === 0}
      onToggle={onToggle}
      onQuantity={onQuantity}
    />
  );
}
