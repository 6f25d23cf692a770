import type { CancelStatus, RefundableItem } from "../orders/index.js";

/** Pure rules of what a Shopify purchase's lifecycle webhooks ask of its orders (decision 028). */

/**
 * Whether Shopify's `financial_status` lets the buyer claim: paid, or partially refunded (the refunded lines are
 * released on their own by refunds/create). A payload without the field is taken as paid: Shopify always sends
 * it, and an order predating the payment gate had no other state.
 */
export function isPaid(financialStatus: string | null | undefined): boolean {
  return financialStatus == null || financialStatus === "paid" || financialStatus === "partially_refunded";
}

/** What an order becomes when its Shopify order is cancelled or its payment is voided or refunded in full. */
function cancelStatusFor(financialStatus: string | null | undefined): CancelStatus {
  return financialStatus === "refunded" || financialStatus === "partially_refunded"
    ? "refunded"
    : "cancelled";
}

/** Shopify's order state as the lifecycle webhooks last told it. */
interface ShopifyOrderState {
  financialStatus: string | null;
  cancelledAt: Date | null;
}

/** What the state asks of the orders: cancel them (and as what), make them claimable, or nothing yet. */
export function stateAction(
  state: ShopifyOrderState,
): { kind: "cancel"; as: CancelStatus } | { kind: "paid" } | { kind: "wait" } {
  if (state.cancelledAt) return { kind: "cancel", as: cancelStatusFor(state.financialStatus) };
  if (state.financialStatus === "refunded" || state.financialStatus === "voided")
    return { kind: "cancel", as: cancelStatusFor(state.financialStatus) };
  return isPaid(state.financialStatus) ? { kind: "paid" } : { kind: "wait" };
}

export interface RefundLine {
  variantId: string;
  quantity: number;
}

/**
 * How many of each order item a refund gives back: each refunded unit of a variant releases its listing's items
 * per unit, never more than the row still holds. Answers order item id -> quantity released.
 */
export function refundReleases(rows: RefundableItem[], lines: RefundLine[]): Map<string, number> {
  const left = new Map(rows.map((r) => [r.id, r.quantity]));
  const released = new Map<string, number>();
  for (const line of lines) {
    for (const row of rows) {
      if (row.variantId !== line.variantId) continue;
      const want = row.perUnit === null ? row.quantity : row.perUnit * line.quantity;
      const take = Math.min(left.get(row.id) ?? 0, want);
      if (take <= 0) continue;
      left.set(row.id, (left.get(row.id) ?? 0) - take);
      released.set(row.id, (released.get(row.id) ?? 0) + take);
    }
  }
  return released;
}
