import type { OrderStatus } from "../../../contract/orders.js";

/**
 * Every move an order's status may make, in one table (decision 028, docs/order-lifecycle.md): paid, claimed (a bot
 * dispatched, again while pending), a claim reset, delivered, retried with new stock, cancelled or refunded before
 * delivery. A delivered, cancelled or refunded order stays as it is (a refund after delivery is a flag, not a status).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["unclaimed", "cancelled", "refunded"],
  unclaimed: ["pending", "cancelled", "refunded"],
  pending: ["pending", "unclaimed", "completed", "cancelled", "refunded"],
  failed_no_stock: ["unclaimed", "awaiting_payment", "cancelled", "refunded"],
  completed: [],
  cancelled: [],
  refunded: [],
};

export function mayMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** `to`, when the table allows the move; a move it does not allow is a bug in the caller's own checks. */
export function moveTo(from: OrderStatus, to: OrderStatus): OrderStatus {
  if (!mayMove(from, to)) throw new Error(`An order cannot go from ${from} to ${to}`);
  return to;
}
