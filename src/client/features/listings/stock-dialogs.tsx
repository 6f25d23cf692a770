import { listingsEndpoints } from "@contract/endpoints/listings";
import type { Listing } from "@contract/listings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { MAX_STOCK, validateAddStock, validateDeductStock } from "./listings-logic";

interface ActionDialogProps {
  listing: Listing | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const STOCK_ACTIONS = {
  add: {
    title: "Add Stock",
    label: "Stock to add",
    send: (id: string, stockToAdd: number) =>
      api(listingsEndpoints.addStock, { params: { id }, body: { stockToAdd } }),
    submit: "Add Stock",
    pending: "Adding...",
    success: "Stock Added",
    fallback: "Failed to add stock",
    validate: (raw: string) => validateAddStock(raw),
  },
  deduct: {
    title: "Deduct Stock",
    label: "Stock to deduct",
    send: (id: string, stockToDeduct: number) =>
      api(listingsEndpoints.deductStock, { params: { id }, body: { stockToDeduct } }),
    submit: "Deduct Stock",
    pending: "Deducting...",
    success: "Stock deducted successfully!",
    fallback: "Failed to deduct stock",
    validate: (raw: string, current: number) => validateDeductStock(raw, current),
  },
} as const;

/** Add Stock and Deduct Stock (spec 000 §2, §5): one amount, checked here and again by the server. */
export function StockDialog({
  kind,
  listing,
  open,
  onOpenChange,
}: ActionDialogProps & { kind: "add" | "deduct" }) {
  return (
    <Dialog open={open && listing !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {listing && <StockForm kind={kind} listing={listing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function StockForm({
  kind,
  listing,
  onDone,
}: {
  kind: "add" | "deduct";
  listing: Listing;
  onDone: () => void;
}) {
  const action = STOCK_ACTIONS[kind];
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState("");
  const inputId = useId();

  const change = useMutation({
    mutationFn: (n: number) => action.send(listing.id, n),
    onSuccess: async ({ newStockQuantity }) => {
      toast({ title: action.success, description: `New stock: ${newStockQuantity}` });
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(listingsEndpoints.list) });
    },
    onError: (err) => toastError(err, action.fallback),
  });

  return (
    <DialogForm
      pending={change.isPending}
      onSubmit={() => {
        const checked = action.validate(amount, listing.stockQuantity);
        if ("error" in checked) return toastError(checked.error);
        change.mutate(checked.amount);
      }}
    >
      <DialogHeader>
        <DialogTitle>{action.title}</DialogTitle>
        <DialogDescription>
          {listing.title}: {listing.stockQuantity} in stock.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor={inputId}>{action.label}</Label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={kind === "deduct" ? listing.stockQuantity : MAX_STOCK}
          step={1}
          autoFocus
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? action.pending : action.submit}
        </Button>
      </DialogFooter>
    </DialogForm>
  );
}

/** Delete, with the choice to delete the product from the store as well (spec 000 §2). */
export function DeleteListingDialog({ listing, open, onOpenChange }: ActionDialogProps) {
  return (
    <Dialog open={open && listing !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {listing && <DeleteForm listing={listing} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteForm({ listing, onDone }: { listing: Listing; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [alsoShopify, setAlsoShopify] = useState(false);
  const checkboxId = useId();

  const remove = useMutation({
    mutationFn: () =>
      api(listingsEndpoints.remove, {
        params: { id: listing.id },
        query: { deleteFromShopify: alsoShopify },
      }),
    onSuccess: async () => {
      toast({ title: "Listing deleted" });
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(listingsEndpoints.list) });
    },
    onError: (err) => toastError(err, "Failed to delete listing"),
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Delete Listing</DialogTitle>
        <DialogDescription>
          Delete "{listing.title}"? Its items stay in your inventory. This cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={alsoShopify}
          onCheckedChange={(checked) => setAlsoShopify(checked === true)}
        />
        <Label htmlFor={checkboxId} className="font-normal">
          Also delete from Shopify
        </Label>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </DialogFooter>
    </>
  );
}
