import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { OrderStatus } from "../../../contract/orders.js";
import { ORDER_TEXTS, sellerMayRetry } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { conflict } from "../../http/errors.js";
import { InsufficientInventoryError, mergeQuantities, moveInventory } from "../inventory/index.js";
import { cancelOrder, lockPurchase, queueFollowUps } from "./cancel.js";
import { moveTo } from "./transitions.js";

/** How many failed orders one restock looks at (oldest first); the next credit continues. */
const RETRY_BATCH = 100;

/** What serving a failed order came to: the status it now has, or why it was not served. */
type ServeOutcome = OrderStatus | "not_retryable" | "no_stock";

/**
 * Serves a failed order now if the seller's stock allows: its items reserved, it becomes claimable (or waits for
 * the payment the purchase still lacks), its parent follows. One transaction with the purchase locked, so two
 * retries at once serve it once, and the ledger's locked balances never oversell. Answers the order's new status,
 * so the seller's retry needs no other read of the row.
 */
async function serveFailedOrder(ctx: AppContext, orderId: string, userId?: string): Promise<ServeOutcome> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { purchase, order } = await lockPurchase(tx, orderId, userId);
      if (!sellerMayRetry(order)) return "not_retryable";
      const lines = await tx
        .select({ itemId: orderItems.itemId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      if (lines.length === 0) return "no_stock";
      await moveInventory(ctx, tx, order.userId, "reservation", mergeQuantities(lines), {
        orderId: order.id,
      });
      const status = moveTo(order.status, order.paymentPending ? "awaiting_payment" : "unclaimed");
      const served = purchase.filter(
        (o) => o.id === order.id || (o.id === order.parentOrderId && o.status === "failed_no_stock"),
      );
      await tx
        .update(orders)
        .set({ status })
        .where(
          inArray(
            orders.id,
            served.map((o) => o.id),
          ),
        );
      await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
      if (!order.paymentPending)
        await queueFollowUps(ctx, tx, order.userId, {
          orderIds: [order.parentOrderId ?? order.id],
          listingIds: [],
        });
      return status;
    });
  } catch (err) {
    if (err instanceof InsufficientInventoryError) return "no_stock";
    throw err;
  }
}

/** POST /api/orders/:id/retry: the seller tries a failed order again; a 409 while the stock is still short. */
export async function retryOrder(
  ctx: AppContext,
  userId: string,
  orderId: string,
): Promise<{ id: string; status: string }> {
  const outcome = await serveFailedOrder(ctx, orderId, userId);
  if (outcome === "not_retryable") throw conflict(ORDER_TEXTS.notRetryable);
  if (outcome === "no_stock") throw conflict(ORDER_TEXTS.stillNoStock);
  return { id: orderId, status: outcome };
}

/**
 * After a credit of the seller's inventory: their failed orders that need one of the credited items are tried
 * oldest first; each that the stock now covers is served, the others wait for the next credit (decision 028).
 */
export async function retryFailedOrders(ctx: AppContext, userId: string, itemIds: string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const candidates = await ctx.db
    .selectDistinct({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "failed_no_stock"),
        inArray(orderItems.itemId, itemIds),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(RETRY_BATCH);
  let served = 0;
  for (const { id } of candidates) {
    const outcome = await serveFailedOrder(ctx, id);
    if (outcome !== "not_retryable" && outcome !== "no_stock") served++;
  }
  return served;
}

export const RELEASE_UNPAID_JOB = "orders.release-unpaid";

/**
 * Purchases still unpaid after the configured time give their reservation back and are cancelled (decision 028):
 * the buyer never paid, and the stock would otherwise wait forever. Shopify's own cancel arrives later, if ever,
 * and changes nothing more.
 */
export async function releaseUnpaidOrders(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock() - ctx.config.unpaidOrderReleaseHours * 3_600_000);
  const stale = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.status, "awaiting_payment"), lt(orders.createdAt, before), isNull(orders.parentOrderId)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(500);
  for (const { id } of stale) await cancelOrder(ctx, id);
  return stale.length;
}
