import { eq } from "drizzle-orm";
import { BOTAPI_TEXTS } from "../../../contract/botapi.js";
import type { AppContext } from "../../context.js";
import { orderItems, orders } from "../../db/schema/index.js";
import { conflict, notFound } from "../../http/errors.js";
import { moveInventory } from "../inventory/service.js";

export const ORDER_COMPLETED_JOB = "orders.completed";

export interface OrderCompletedEvent {
  orderId: string;
}

/**
 * Something to do once an order is delivered (Shopify fulfillment, Discord, a parent order's status...). Runs in
 * the "orders.completed" job after the completion committed; a failing listener makes the job retry, so every
 * listener must be idempotent (or enqueue its own job and return).
 */
export type OrderCompletedListener = (event: OrderCompletedEvent) => Promise<void>;

// Per app: tests build several apps in one process, and each must run only its own modules' listeners.
const listenersByApp = new WeakMap<AppContext, OrderCompletedListener[]>();

function listenersOf(ctx: AppContext): OrderCompletedListener[] {
  let list = listenersByApp.get(ctx);
  if (!list) {
    list = [];
    listenersByApp.set(ctx, list);
  }
  return list;
}

/** Subscribes to completed orders; call it from a module's register function. */
export function onOrderCompleted(ctx: AppContext, listener: OrderCompletedListener): void {
  listenersOf(ctx).push(listener);
}

/** Defines the "orders.completed" job; registered once per app by the Bot API module, before jobs start. */
export function defineOrderCompletedJob(ctx: AppContext): void {
  ctx.jobs.define<OrderCompletedEvent>({
    name: ORDER_COMPLETED_JOB,
    retryLimit: 10,
    retryDelaySeconds: 10,
    handler: async (event) => {
      const failures: unknown[] = [];
      for (const listener of listenersOf(ctx)) {
        try {
          await listener(event);
        } catch (err) {
          failures.push(err);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `${failures.length} order-completed listener(s) failed`);
    },
  });
}

/**
 * Completes a delivered order, all or nothing: only a pending order completes (its row is locked, so two
 * completions at once deliver once); its reservation becomes a delivery; then the realtime events and the
 * "orders.completed" job commit with it. Anything but pending is a 409 and changes nothing.
 */
export async function completeOrder(
  ctx: AppContext,
  orderId: string,
): Promise<{ id: string; completedAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound(BOTAPI_TEXTS.orderNotFound);
    if (order.status !== "pending") throw conflict(BOTAPI_TEXTS.orderNotPending);
    const lines = await tx
      .select({ itemId: orderItems.itemId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    if (lines.length > 0) await moveInventory(ctx, tx, order.userId, "delivery", lines, { orderId });
    const completedAt = new Date();
    await tx.update(orders).set({ status: "completed", completedAt }).where(eq(orders.id, orderId));
    await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
    if (order.source === "withdrawal")
      await ctx.events.publish({ userId: order.userId, type: "withdrawals" }, tx);
    await ctx.jobs.send<OrderCompletedEvent>(ORDER_COMPLETED_JOB, { orderId }, { tx });
    return { id: orderId, completedAt };
  });
}
