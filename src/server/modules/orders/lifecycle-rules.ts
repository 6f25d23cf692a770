import type { OrderStatus } from "../../../contract/orders.js";

/** Pure rules of the order lifecycle after intake (decision 028). */

/** Statuses whose items are reserved in the ledger (a release gives them back). */
export const RESERVING_STATUSES: readonly OrderStatus[] = ["awaiting_payment", "unclaimed", "pending"];

/** Statuses a cancellation or refund still changes (before delivery). */
export const UNDELIVERED_STATUSES: readonly OrderStatus[] = [...RESERVING_STATUSES, "failed_no_stock"];

export type CancelStatus = "cancelled" | "refunded";

/** An order item as a refund sees it: which Shopify variant sold it, how many items one unit carries. */
export interface RefundableItem {
  id: string;
  orderId: string;
  itemId: string;
  quantity: number;
  variantId: string | null;
  /** Items per unit of the listing; null when the listing no longer says (then the whole row is the line's). */
  perUnit: number | null;
}

/** A multi-game parent follows its games: cancelled or refunded once every game is (refunded if any was). */
export function parentStatusAfter(current: OrderStatus, leaves: OrderStatus[]): OrderStatus {
  if (leaves.length === 0 || !leaves.every((s) => s === "cancelled" || s === "refunded")) return current;
  return leaves.includes("refunded") ? "refunded" : "cancelled";
}
