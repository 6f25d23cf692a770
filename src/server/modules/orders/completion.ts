import { eq } from "drizzle-orm";
import { BOTAPI_TEXTS } from "../../../contract/botapi.js";
import { ORDER_TEXTS } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { conflict, notFound } from "../../http/errors.js";
import { jobHook } from "../../jobs/hook.js";
import { moveInventory } from "../inventory/index.js";
import { moveTo } from "./transitions.js";

interface OrderCompletedEvent {
  orderId: string;
}

/**
 * Things to do once an order is delivered (Shopify fulfillment, Discord, a parent order's status...), run in the
 * "orders.completed" job after the completion committed.
 */
const orderCompletedHook = jobHook<OrderCompletedEvent>("orders.completed");

/** Subscribes to completed orders; call it from a module's plugin. Listeners must be idempotent. */
export function onOrderCompleted(
  ctx: AppContext,
  listener: (event: OrderCompletedEvent) => Promise<void>,
): void {
  orderCompletedHook.on(ctx, listener);
}

/** Defines the "orders.completed" job; once per app, before jobs start. */
export function defineOrderCompletedJob(ctx: AppContext): void {
  orderCompletedHook.define(ctx);
}

/**
 * Completes a delivered order, all or nothing: only a pending order completes (its row is locked, so two
 * completions at once deliver once); its reservation becomes a delivery; then the realtime events and the
 * "orders.completed" job commit with it. Anything but pending is a 409 and changes nothing (a cancelled or refunded
 * order says so).
 */
export async function completeOrder(
  ctx: AppContext,
  orderId: string,
): Promise<{ id: string; completedAt: Date }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound(BOTAPI_TEXTS.orderNotFound);
    // A buyer's cancellation or refund stopped the delivery: the bot must hand the items back, not deliver them.
    if (order.status === "cancelled" || order.status === "refunded")
      throw conflict(ORDER_TEXTS.cancelledNotDeliverable);
    if (order.status !== "pending") throw conflict(BOTAPI_TEXTS.orderNotPending);
    const lines = await tx
      .select({ itemId: orderItems.itemId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    if (lines.length > 0) await moveInventory(ctx, tx, order.userId, "delivery", lines, { orderId });
    const completedAt = new Date(ctx.clock());
    await tx
      .update(orders)
      .set({ status: moveTo(order.status, "completed"), completedAt })
      .where(eq(orders.id, orderId));
    await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
    if (order.source === "withdrawal")
      await ctx.events.publish({ userId: order.userId, type: "withdrawals" }, tx);
    await orderCompletedHook.fire(ctx, tx, { orderId });
    return { id: orderId, completedAt };
  });
}
