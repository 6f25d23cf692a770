import { eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { at } from "../../db/rows.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import {
  cancelLockedOrder,
  leavesOf,
  type OrderRow,
  refundableItems,
  releaseItems,
  settleParent,
} from "./cancel.js";
import { RESERVING_STATUSES, type RefundableItem, UNDELIVERED_STATUSES } from "./lifecycle-rules.js";
import { moveTo } from "./transitions.js";

/**
 * What a store's order lifecycle (the shopify module's webhooks, decision 028) does to a purchase's orders, on the
 * purchase the caller locked, in its transaction.
 */

/**
 * The payment arrived: the purchase's orders stop waiting for it, and those awaiting it become claimable. Answers
 * the purchase's top orders, whose sale is announced now (not at intake; a notification is sent once per order),
 * or none when nothing waited for the payment.
 */
export async function markPurchasePaid(ctx: AppContext, tx: Tx, purchase: OrderRow[]): Promise<string[]> {
  if (!purchase.some((o) => o.paymentPending)) return [];
  for (const o of purchase) {
    o.paymentPending = false;
    if (o.status === "awaiting_payment") o.status = moveTo(o.status, "unclaimed");
  }
  await tx
    .update(orders)
    .set({
      paymentPending: false,
      status: sql`CASE WHEN ${orders.status} = 'awaiting_payment' THEN 'unclaimed' ELSE ${orders.status} END`,
    })
    .where(
      inArray(
        orders.id,
        purchase.map((o) => o.id),
      ),
    );
  await ctx.events.publish({ userId: at(purchase, 0).userId, type: "orders" }, tx);
  return purchase.filter((o) => o.parentOrderId === null).map((o) => o.id);
}

/**
 * Gives back part of a locked purchase's items, as `released` decides from its games' items (order item id ->
 * quantity): a game given back whole, or already delivered, is refunded (`cancelLockedOrder`); otherwise its item
 * rows shrink and what was reserved is released. Answers the listings whose stock rose.
 */
export async function refundItems(
  ctx: AppContext,
  tx: Tx,
  purchase: OrderRow[],
  released: (items: RefundableItem[]) => Map<string, number>,
): Promise<string[]> {
  const leaves = leavesOf(purchase);
  const rows = await refundableItems(
    tx,
    leaves.map((o) => o.id),
  );
  const releasedById = released(rows);
  const listingIds: string[] = [];
  for (const order of leaves) {
    const mine = rows.filter((r) => r.orderId === order.id);
    if (!mine.some((r) => releasedById.has(r.id))) continue;
    const whole = mine.every((r) => (releasedById.get(r.id) ?? 0) >= r.quantity);
    if (whole || !UNDELIVERED_STATUSES.includes(order.status)) {
      listingIds.push(...(await cancelLockedOrder(ctx, tx, order, "refunded")).listingIds);
      continue;
    }
    const taken = mine.map((r) => releasedById.get(r.id) ?? 0);
    for (const [i, r] of mine.entries()) {
      if (taken[i] === 0) continue;
      if (at(taken, i) >= r.quantity) await tx.delete(orderItems).where(eq(orderItems.id, r.id));
      else
        await tx
          .update(orderItems)
          .set({ quantity: r.quantity - at(taken, i) })
          .where(eq(orderItems.id, r.id));
    }
    if (RESERVING_STATUSES.includes(order.status))
      listingIds.push(...(await releaseItems(ctx, tx, order, mine, taken)));
    await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
  }
  await settleParent(ctx, tx, purchase);
  return listingIds;
}
