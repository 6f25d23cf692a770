import type { AppContext } from "../../context.js";
import { jobHook } from "../../jobs/hook.js";
import type { CancelStatus } from "./lifecycle-rules.js";

/** Orders created together (a Shopify purchase: one per game, plus their parent when there are several). */
export interface OrderCreatedEvent {
  userId: string;
  orderIds: string[];
  /** Listings whose stock the intake lowered. */
  listingIds: string[];
}

/**
 * The job carries the purchases an intake batch committed for sellers with something to follow up: a store that
 * syncs inventory, or Discord notifications turned on (the intake's `follow_up`, which a listener acting on other
 * sellers must widen). Listeners take the whole batch so their queries do not grow with its size. Under load a
 * worker takes many such jobs at once, merged into one batch.
 */
export interface OrderCreatedBatch {
  events: OrderCreatedEvent[];
}

export const orderCreatedHook = jobHook<OrderCreatedBatch>("orders.created", {
  size: 100,
  merge: (batches) => ({ events: batches.flatMap((b) => b.events) }),
});
export const ORDER_CREATED_JOB = orderCreatedHook.jobName;

/** Subscribes to created orders (whole intake batches); call it from a module's plugin. Listeners must be idempotent. */
export function onOrdersCreated(
  ctx: AppContext,
  listener: (batch: OrderCreatedBatch) => Promise<void>,
): void {
  orderCreatedHook.on(ctx, listener);
}

/**
 * How an order ended without (or after) its delivery: called off before delivery (`cancelled` by the seller or
 * Shopify, `refunded` whole), or refunded after the bot delivered it (`refunded_after_delivery`, the orders page's
 * flag; decision 028).
 */
export type OrderCancelOutcome = CancelStatus | "refunded_after_delivery";

/** One order's cancellation or refund, told once: when its status (or refund-after-delivery flag) first changed. */
export interface OrderCancelledEvent {
  orderId: string;
  userId: string;
  source: string;
  outcome: OrderCancelOutcome;
}

export const orderCancelledHook = jobHook<OrderCancelledEvent>("orders.cancelled");

/** Subscribes to cancelled and refunded orders; call it from a module's plugin. Listeners must be idempotent. */
export function onOrderCancelled(
  ctx: AppContext,
  listener: (event: OrderCancelledEvent) => Promise<void>,
): void {
  orderCancelledHook.on(ctx, listener);
}
