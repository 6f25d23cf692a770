import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { ORDER_TEXTS } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { at } from "../../db/rows.js";
import { listingItems, listings } from "../../db/schema/listings.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { conflict, notFound } from "../../http/errors.js";
import { mergeQuantities, moveInventory } from "../inventory/index.js";
import {
  ORDER_CREATED_JOB,
  type OrderCancelOutcome,
  type OrderCreatedBatch,
  orderCancelledHook,
} from "./hooks.js";
import {
  type CancelStatus,
  parentStatusAfter,
  RESERVING_STATUSES,
  type RefundableItem,
  UNDELIVERED_STATUSES,
} from "./lifecycle-rules.js";
import { moveTo } from "./transitions.js";

export type OrderRow = typeof orders.$inferSelect;

/** An order's items with what a release needs: the listing they were sold under and its items per unit. */
export async function refundableItems(
  tx: Tx,
  orderIds: string[],
): Promise<(RefundableItem & { listingId: string | null })[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      itemId: orderItems.itemId,
      quantity: orderItems.quantity,
      listingId: orderItems.listingId,
      variantId: listings.shopifyVariantId,
      perUnit: listingItems.quantity,
    })
    .from(orderItems)
    .leftJoin(listings, eq(listings.id, orderItems.listingId))
    .leftJoin(
      listingItems,
      and(eq(listingItems.listingId, orderItems.listingId), eq(listingItems.itemId, orderItems.itemId)),
    )
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

/** Listing units whose items are released: a listing's share is its whole units among the released items. */
function unitsReleased(
  rows: { listingId: string | null; perUnit: number | null }[],
  released: (row: number) => number,
): Map<string, number> {
  const units = new Map<string, number>();
  rows.forEach((r, i) => {
    if (!r.listingId || !r.perUnit) return;
    const whole = Math.floor(released(i) / r.perUnit);
    units.set(r.listingId, Math.min(units.get(r.listingId) ?? whole, whole));
  });
  return units;
}

/**
 * Gives items back: the ledger's release (a credit, so failed orders waiting for these items are retried) and the
 * listings' stock the sale had taken. Answers the listings whose stock rose.
 */
export async function releaseItems(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  rows: { itemId: string; listingId: string | null; perUnit: number | null }[],
  quantities: number[],
): Promise<string[]> {
  const lines = mergeQuantities(
    rows.map((r, i) => ({ itemId: r.itemId, quantity: at(quantities, i) })).filter((l) => l.quantity > 0),
  );
  if (lines.length > 0) await moveInventory(ctx, tx, order.userId, "release", lines, { orderId: order.id });
  const units = [...unitsReleased(rows, (i) => at(quantities, i))].filter(([, n]) => n > 0);
  for (const [listingId, n] of units)
    await tx
      .update(listings)
      .set({ stockQuantity: sql`${listings.stockQuantity} + ${n}` })
      .where(eq(listings.id, listingId));
  return units.map(([id]) => id);
}

/**
 * Tells the followers of one order's cancellation or refund, committed with it: the seller's open pages (realtime)
 * and the "orders.cancelled" job, whose listeners run once the change committed.
 */
async function announceCancelled(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  outcome: OrderCancelOutcome,
): Promise<void> {
  await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
  await orderCancelledHook.fire(ctx, tx, {
    orderId: order.id,
    userId: order.userId,
    source: order.source,
    outcome,
  });
}

/** What a cancellation changed, for the follow-ups after it. */
export interface CancelOutcome {
  changed: boolean;
  listingIds: string[];
}

/**
 * Cancels (or refunds) one order the caller has locked: an undelivered order gives its reservation back and
 * becomes `as`; a delivered one is only flagged as refunded after delivery (the ledger's delivered rows stay).
 */
export async function cancelLockedOrder(
  ctx: AppContext,
  tx: Tx,
  order: OrderRow,
  as: CancelStatus,
): Promise<CancelOutcome> {
  if (order.status === "completed") {
    if (order.refundedAfterDeliveryAt) return { changed: false, listingIds: [] };
    order.refundedAfterDeliveryAt = new Date(ctx.clock());
    await tx
      .update(orders)
      .set({ refundedAfterDeliveryAt: order.refundedAfterDeliveryAt })
      .where(eq(orders.id, order.id));
    await announceCancelled(ctx, tx, order, "refunded_after_delivery");
    return { changed: true, listingIds: [] };
  }
  if (!UNDELIVERED_STATUSES.includes(order.status)) return { changed: false, listingIds: [] };
  let listingIds: string[] = [];
  if (RESERVING_STATUSES.includes(order.status)) {
    const rows = await refundableItems(tx, [order.id]);
    listingIds = await releaseItems(
      ctx,
      tx,
      order,
      rows,
      rows.map((r) => r.quantity),
    );
  }
  order.status = moveTo(order.status, as);
  await tx.update(orders).set({ status: as }).where(eq(orders.id, order.id));
  await announceCancelled(ctx, tx, order, as);
  return { changed: true, listingIds };
}

/**
 * The purchase an order belongs to (itself, its parent and its parent's games), locked in id order, with the order
 * as locked. `userId` limits it to that seller's orders: a missing order and another seller's are the same 404.
 */
export async function lockPurchase(
  tx: Tx,
  orderId: string,
  userId?: string,
): Promise<{ purchase: OrderRow[]; order: OrderRow }> {
  const [named] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!named || (userId !== undefined && named.userId !== userId)) throw notFound(ORDER_TEXTS.notFound);
  const top = named.parentOrderId ?? named.id;
  const purchase = await tx
    .select()
    .from(orders)
    .where(or(eq(orders.id, top), eq(orders.parentOrderId, top)))
    .orderBy(asc(orders.id))
    .for("update");
  return { purchase, order: purchase.find((o) => o.id === orderId)! };
}

/** A multi-game parent takes its games' cancelled or refunded status once they all have one. */
export async function settleParent(ctx: AppContext, tx: Tx, purchase: OrderRow[]): Promise<void> {
  for (const parent of purchase.filter((o) => o.game === null)) {
    const leaves = purchase.filter((o) => o.parentOrderId === parent.id).map((o) => o.status);
    const next = parentStatusAfter(parent.status, leaves);
    if (next === parent.status) continue;
    parent.status = moveTo(parent.status, next);
    await tx.update(orders).set({ status: next }).where(eq(orders.id, parent.id));
    await ctx.events.publish({ userId: parent.userId, type: "orders" }, tx);
  }
}

/** The orders a purchase's changes apply to: its games (a single-game order is its own). */
export function leavesOf(purchase: OrderRow[]): OrderRow[] {
  const parents = new Set(purchase.map((o) => o.parentOrderId).filter(Boolean));
  return purchase.filter((o) => !parents.has(o.id));
}

/**
 * Follow-ups of a lifecycle change or of an order made outside the Shopify intake (the public API), in its
 * transaction, on the "orders.created" job its listeners already handle: `orderIds` newly claimable (the sale's
 * notification, sent once per order) and `listingIds` whose stock changed (the store's inventory sync).
 */
export async function queueFollowUps(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  followUp: { orderIds: string[]; listingIds: string[] },
): Promise<void> {
  if (followUp.orderIds.length === 0 && followUp.listingIds.length === 0) return;
  await ctx.jobs.send<OrderCreatedBatch>(
    ORDER_CREATED_JOB,
    { events: [{ userId, orderIds: followUp.orderIds, listingIds: [...new Set(followUp.listingIds)] }] },
    { tx },
  );
}

/** Cancels every undelivered game of a locked purchase as `as`; answers the listings whose stock rose. */
export async function cancelPurchase(
  ctx: AppContext,
  tx: Tx,
  purchase: OrderRow[],
  as: CancelStatus,
): Promise<string[]> {
  const listingIds: string[] = [];
  for (const order of leavesOf(purchase))
    listingIds.push(...(await cancelLockedOrder(ctx, tx, order, as)).listingIds);
  await settleParent(ctx, tx, purchase);
  return listingIds;
}

/**
 * Cancels an order: the one service every path uses (Shopify's cancel and refund webhooks, the seller's Cancel
 * button, the public API's cancel). A multi-game parent cancels its games. `userId` limits it to that seller's
 * orders (anything else is the same 404); `allowed` is the caller's rule of which orders it may cancel (a 409
 * otherwise). All or nothing, idempotent: cancelling a cancelled order changes nothing.
 */
export async function cancelOrder(
  ctx: AppContext,
  orderId: string,
  opts: { userId?: string; as?: CancelStatus; allowed?: (order: OrderRow) => boolean } = {},
): Promise<{ id: string; status: string }> {
  return ctx.db.transaction(async (tx) => {
    const { purchase, order } = await lockPurchase(tx, orderId, opts.userId);
    if (order.status === (opts.as ?? "cancelled")) return { id: order.id, status: order.status };
    if (opts.allowed && !opts.allowed(order)) throw conflict(ORDER_TEXTS.notCancellable);
    const scope = order.game === null ? purchase : [order];
    const listingIds = await cancelPurchase(ctx, tx, scope, opts.as ?? "cancelled");
    if (scope !== purchase) await settleParent(ctx, tx, purchase);
    await queueFollowUps(ctx, tx, order.userId, { orderIds: [], listingIds });
    return { id: order.id, status: order.status };
  });
}
