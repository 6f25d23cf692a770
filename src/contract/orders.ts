import { z } from "zod";

/** Every status an order can have (orders.status): the claim page, the Orders page and the public API show these. */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "unclaimed",
  "pending",
  "completed",
  "failed_no_stock",
  "cancelled",
  "refunded",
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Where an order came from (orders.source): a Shopify purchase, the public API, or a seller's own withdrawal. */
export const ORDER_SOURCES = ["shopify", "api", "withdrawal"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** How many orders GET /api/orders returns (newest first) when no limit is asked for. */
export const ORDER_LIST_LIMIT = 500;
/** The Orders page's page size (it loads more with the last order's cursor). */
export const ORDER_PAGE_SIZE = 50;

/** GET /api/orders?limit=&before=: keyset pagination, `before` being the last order's `cursor`. */
export const sellerOrderListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ORDER_LIST_LIMIT).optional(),
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~[0-9a-f-]{36}$/, "must be an order's cursor")
    .optional(),
});

export const ORDER_TEXTS = {
  notFound: "Order not found",
  notCancellable:
    "Only failed orders and unclaimed API orders can be cancelled here; cancel a store order in Shopify",
  notRetryable: "Only a failed order can be retried",
  stillNoStock: "There is still not enough stock for this order",
  cancelledNotDeliverable: "This order was cancelled or refunded; do not deliver it",
  invalidCursor: "before must be an order's cursor",
} as const;

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
  /** When the buyer was refunded after delivery (the seller should follow up); null otherwise. */
  refundedAfterDeliveryAt: z.string().nullable(),
  /** Opaque position for `before` (the next page starts after this order). */
  cursor: z.string(),
});
export type SellerOrder = z.infer<typeof sellerOrderSchema>;
export const sellerOrderListSchema = z.array(sellerOrderSchema);

/**
 * The orders a seller may cancel, on the Orders page or through the API (a store's order is cancelled in Shopify,
 * decision 028). An API order only until its buyer claims it: a buyer who locked their Roblox name is on the way.
 */
export function sellerMayCancel(order: {
  status: string;
  orderSource: string;
  robloxUsername: string | null;
}): boolean {
  if (order.status === "failed_no_stock") return order.orderSource !== "withdrawal";
  return (
    order.orderSource === "api" &&
    order.robloxUsername === null &&
    (order.status === "unclaimed" || order.status === "awaiting_payment")
  );
}

/** A failed order can be tried again against the seller's current stock. */
export function sellerMayRetry(order: { status: string }): boolean {
  return order.status === "failed_no_stock";
}
