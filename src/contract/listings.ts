import { z } from "zod";
import { GAME_RULE_TEXTS } from "./game-rules.js";
import { gameSchema } from "./games.js";
import { itemSchema } from "./inventory.js";

/** Shopify ids arrive as strings (or numbers from older clients) and are kept as strings. */
const shopifyIdSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .pipe(z.string().max(100).regex(/^\d*$/, "must be a Shopify id"));

/**
 * POST /api/listings/link. Missing product or items are answered with the spec's sentence (a service rule), so
 * both may arrive empty here.
 */
export const linkListingRequestSchema = z.object({
  shopifyProductId: shopifyIdSchema.optional().default(""),
  shopifyVariantId: shopifyIdSchema.optional().default(""),
  stockQuantity: z.unknown().optional(),
  items: z
    .array(
      z.object({
        itemId: z.uuid("must be an item id"),
        quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(1_000_000),
      }),
    )
    .max(100)
    .optional()
    .default([]),
});
export type LinkListingRequest = z.input<typeof linkListingRequestSchema>;

const listingItemSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  item: itemSchema,
});

/** Listing (spec 000 §3) plus what the Listings page needs to open the product in the store admin. */
export const listingSchema = z.object({
  id: z.string(),
  title: z.string(),
  game: gameSchema,
  stockQuantity: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  shopifyProductId: z.string(),
  shopifyVariantId: z.string(),
  shopifyAdminUrl: z.string().nullable(),
  items: z.array(listingItemSchema),
});
export type Listing = z.infer<typeof listingSchema>;
export const listingListSchema = z.array(listingSchema);

export const listingIdParamsSchema = z.object({ id: z.uuid("must be a listing id") });

/** Amounts are checked by the service so the answer carries the spec's sentence. */
export const addStockRequestSchema = z.object({ stockToAdd: z.unknown() });
export const deductStockRequestSchema = z.object({ stockToDeduct: z.unknown() });
export const stockResponseSchema = z.object({ success: z.literal(true), newStockQuantity: z.number().int() });

export const deleteListingQuerySchema = z.object({
  deleteFromShopify: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
});

export const LISTING_TEXTS = {
  selectListingAndItems: "Please select a Shopify listing and add items to link",
  invalidStock: "Stock must be a whole number of at least 1",
  mixedGames: GAME_RULE_TEXTS.mixedGames,
  alreadyLinked: "This Shopify listing is already linked to your inventory",
  productNotFound: "That Shopify product or variant no longer exists",
  invalidAddStock: "Please enter a valid stock amount greater than 0",
  listingNotFound: "Listing not found",
  unknownItem: "One of the items does not exist",
  deleteFromShopifyFailed: "Failed to delete the product from Shopify",
  linked: "Items linked to Shopify listing successfully!",
  stockAdded: "Stock Added",
  stockDeducted: "Stock deducted successfully!",
} as const;

export function notEnoughInventoryText(publicName: string, available: number): string {
  return `Not enough ${publicName} in inventory (available: ${available})`;
}

export function deductStockText(current: number): string {
  return `Please enter a valid amount between 1 and ${current}`;
}

export function listingLimitText(tier: string, limit: number): string {
  return `Your ${tier} plan allows up to ${limit} listings. Upgrade your plan to add more.`;
}
