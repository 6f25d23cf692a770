import type { Game } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { DEFAULT_LINK_STOCK } from "@contract/limits";
import { deductStockText, LISTING_TEXTS, type Listing, notEnoughInventoryText } from "@contract/listings";
import type { StoreProduct } from "@contract/shopify";
import { quantityOutOfRangeText } from "@contract/withdrawals";
import { mergeInventory } from "@/lib/inventory";
import { type ItemSelection, parseWholeNumber } from "@/lib/item-selection";

/** The server refuses more (listings service); the field never offers more either. */
export const MAX_STOCK = 1_000_000;

/** Units of each item already linked to the seller's active listings, as the server counts them. */
export function linkedQuantities(listings: readonly Listing[]): Map<string, number> {
  const linked = new Map<string, number>();
  for (const listing of listings) {
    if (!listing.isActive) continue;
    for (const line of listing.items) linked.set(line.itemId, (linked.get(line.itemId) ?? 0) + line.quantity);
  }
  return linked;
}

/**
 * Shopify variants already sold through one of the seller's listings, active or not: the server refuses to link a
 * variant twice, so the link dialog shows them as linked and does not let them be picked.
 */
export function linkedVariantIds(listings: readonly Pick<Listing, "shopifyVariantId">[]): Set<string> {
  return new Set(listings.map((l) => l.shopifyVariantId));
}

/** A store product with every variant linked has nothing left to link. */
export function isFullyLinked(product: Pick<StoreProduct, "variants">, linked: ReadonlySet<string>): boolean {
  return product.variants.every((v) => linked.has(v.id));
}

/** An item the link dialog offers: its inventory entry (rows merged) and what is still free to link. */
export interface LinkableItem {
  entry: InventoryEntry;
  available: number;
}

/**
 * Spec 000 §5: linked quantity reduces what is shown as available. Same rule as the server: an item's available
 * inventory minus the units linked to active listings, never below 0. Rows with the same itemId are summed.
 */
export function linkableItems(
  inventory: readonly InventoryEntry[],
  listings: readonly Listing[],
): LinkableItem[] {
  const linked = linkedQuantities(listings);
  return mergeInventory(inventory).map((entry) => ({
    entry,
    available: Math.max(0, entry.quantity - (linked.get(entry.itemId) ?? 0)),
  }));
}

/** Spec 000 §5: stock is a whole number of at least 1; anything else falls back to 1. */
export function parseStock(raw: string): number {
  const n = parseWholeNumber(raw);
  if (n === null || n < 1) return 1;
  return Math.min(n, MAX_STOCK);
}

export const DEFAULT_STOCK_TEXT = String(DEFAULT_LINK_STOCK);

/**
 * The link dialog's checks before it calls the server: a product variant and at least one item, one game, and
 * each quantity between 1 and what is free to link. Returns the text to show, or null.
 */
export function validateLink(
  input: { productId: string; variantId: string; selection: ItemSelection },
  items: readonly LinkableItem[],
): string | null {
  const picked = Object.keys(input.selection)
    .map((itemId) => items.find((i) => i.entry.itemId === itemId))
    .filter((i): i is LinkableItem => i !== undefined);
  if (!input.productId || !input.variantId || picked.length === 0) return LISTING_TEXTS.selectListingAndItems;
  if (new Set(picked.map((i) => i.entry.item.game)).size > 1) return LISTING_TEXTS.mixedGames;
  for (const { entry, available } of picked) {
    const quantity = parseWholeNumber(input.selection[entry.itemId] ?? "");
    if (quantity !== null && quantity > available)
      return notEnoughInventoryText(entry.item.publicName, available);
    if (quantity === null || quantity < 1) return quantityOutOfRangeText(entry.item.publicName, available);
  }
  return null;
}

/** Add Stock: a whole number above 0 (spec 000 §5). */
export function validateAddStock(raw: string): { amount: number } | { error: string } {
  const n = parseWholeNumber(raw);
  return n !== null && n > 0 && n <= MAX_STOCK ? { amount: n } : { error: LISTING_TEXTS.invalidAddStock };
}

/** Deduct Stock: at least 1 and at most the current stock (spec 000 §5). */
export function validateDeductStock(raw: string, current: number): { amount: number } | { error: string } {
  const n = parseWholeNumber(raw);
  return n !== null && n >= 1 && n <= current ? { amount: n } : { error: deductStockText(current) };
}

/** Search matches the title or an included item's name; "all" keeps every game. */
export function filterListings(listings: readonly Listing[], search: string, game: Game | "all"): Listing[] {
  const needle = search.trim().toLowerCase();
  return listings.filter(
    (l) =>
      (game === "all" || l.game === game) &&
      (!needle ||
        l.title.toLowerCase().includes(needle) ||
        l.items.some(
          (i) =>
            i.item.publicName.toLowerCase().includes(needle) ||
            i.item.codeName.toLowerCase().includes(needle),
        )),
  );
}

/**
 * View on Shopify: the server gives the product's admin page (it knows whether the store is the sandbox); without
 * it, the store admin of the user's shop, https://{shop}/admin/products/{numeric id}.
 */
export function shopifyProductUrl(
  listing: Pick<Listing, "shopifyAdminUrl" | "shopifyProductId">,
  shop: string | null,
): string | null {
  if (listing.shopifyAdminUrl) return listing.shopifyAdminUrl;
  if (!shop) return null;
  const numericId = listing.shopifyProductId.replace(/^gid:\/\/shopify\/Product\//, "");
  return `https://${shop}/admin/products/${numericId}`;
}
