import { z } from "zod";

/** How many orders GET /api/orders returns (newest first). */
export const ORDER_LIST_LIMIT = 500;

/** Order as the seller's Orders page sees it (spec 000 §3). Money is a decimal string, Shopify ids are strings. */
export const sellerOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  totalAmount: z.string(),
  /** "codeName_quantity, codeName_quantity" */
  items: z.string(),
  game: z.string().nullable(),
  shopifyOrderNumber: z.string().nullable(),
  shopifyOrderId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  robloxUsername: z.string().nullable(),
  orderSource: z.string(),
  claimUrl: z.string().nullable(),
  /** The order in the store's admin (View in Shopify); null for API and withdrawal orders. */
  shopifyAdminUrl: z.string().nullable(),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;
export const sellerOrderListSchema = z.array(sellerOrderSchema);
