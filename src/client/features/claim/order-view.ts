import { CLAIM_STATUS_MEANINGS } from "../../../contract/claim-page";
import type { ClaimOrderView, ClaimSubOrderView } from "../../../contract/claims";
import type { OrderStatus } from "../../../contract/orders";

/** The game selection shows this many items of each sub-order (spec 001 §9). */
const PREVIEW_ITEM_COUNT = 3;
/**
 * How often an order waiting for the trade is re-read: every second, so "Order completed" follows the delivery
 * at once (decision 047; 60 reads a minute, half of a buyer's per-IP allowance of claim reads).
 */
export const PENDING_POLL_MS = 1000;

export function statusMeaning(status: OrderStatus): string {
  return CLAIM_STATUS_MEANINGS[status];
}

/** The first items of a list and the "+N more" note for the rest (null when nothing is left out). */
export function itemPreview<T>(
  items: readonly T[],
  shown = PREVIEW_ITEM_COUNT,
): { shown: T[]; moreNote: string | null } {
  const rest = items.length - shown;
  return { shown: items.slice(0, shown), moreNote: rest > 0 ? `+${rest} more` : null };
}

/**
 * The single-game order the buyer works on: the order itself, or the chosen sub-order of a multi-game purchase
 * (null while none is chosen, or when the choice no longer names one of its sub-orders).
 */
export function claimTarget(order: ClaimOrderView, subOrderId: string | null): ClaimSubOrderView | null {
  if (!order.isMultiGame) return order;
  return order.subOrders.find((sub) => sub.id === subOrderId) ?? null;
}

export type ClaimScreen = "failed" | "awaitingPayment" | "cancelled" | "completed" | "username" | "joinBot";

/**
 * Spec 001 §4: failed_no_stock cannot be claimed; an unpaid order waits for its payment, a cancelled or refunded
 * one is over (decision 028); a locked username starts at step 2.
 */
export function claimScreen(order: Pick<ClaimSubOrderView, "status" | "usernameLocked">): ClaimScreen {
  if (order.status === "failed_no_stock") return "failed";
  if (order.status === "awaiting_payment") return "awaitingPayment";
  if (order.status === "cancelled" || order.status === "refunded") return "cancelled";
  if (order.status === "completed") return "completed";
  return order.usernameLocked ? "joinBot" : "username";
}

export function claimStep(screen: ClaimScreen): 1 | 2 {
  return screen === "username" ? 1 : 2;
}

/** The bot's steps (friend request, trade) apply only while the order waits for the buyer. */
export function isWaitingForBuyer(status: OrderStatus): boolean {
  return status === "unclaimed" || status === "pending";
}

/** Only an order waiting for the trade changes without the buyer doing anything. */
export function pollInterval(order: ClaimOrderView | undefined, subOrderId: string | null): number | false {
  const target = order ? claimTarget(order, subOrderId) : null;
  return target?.status === "pending" ? PENDING_POLL_MS : false;
}

/** Links the page opens must be web links (never javascript: or data:). */
export function webLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
