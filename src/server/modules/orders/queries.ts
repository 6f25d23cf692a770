import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { OPEN_ORDER_STATUSES } from "../../../contract/bots.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import type { OrderRow } from "./create.js";

/** Reads of orders that other modules make (the claim page, bots, withdrawals, Shopify). */

export async function orderById(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order;
}

/** The order locked for update, for a change the caller checks first. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order;
}

/** How many of a seller's orders of a game still wait for their delivery (unclaimed or pending). */
export async function countOpenOrders(db: DbOrTx, userId: string, game: string): Promise<number> {
  const [open = missing("the open orders count")] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.game, game), inArray(orders.status, OPEN_ORDER_STATUSES)),
    );
  return open.n;
}

/**
 * Every order of one Shopify purchase (its parent and games, or its single order) in id order, locked for update
 * when asked (the lifecycle's changes take the whole purchase); none yet is `[]`.
 */
export async function ordersOfShopifyPurchase(
  db: DbOrTx,
  shop: string,
  shopifyOrderId: string,
  forUpdate = false,
): Promise<OrderRow[]> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.shopDomain, shop), eq(orders.shopifyOrderId, shopifyOrderId)))
    .orderBy(asc(orders.id));
  return forUpdate ? query.for("update") : query;
}

/**
 * The top-level orders of Shopify purchases with this Shopify order id, oldest first: two shops may share an id,
 * which the caller tells apart.
 */
export async function topOrdersOfShopifyId(db: DbOrTx, shopifyOrderId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.shopifyOrderId, shopifyOrderId),
        isNull(orders.parentOrderId),
        eq(orders.source, "shopify"),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export async function orderByAuthKey(db: DbOrTx, authKey: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.authKey, authKey));
  return order;
}

/** The orders and their sub-orders (a multi-game purchase's games), in no particular order. */
export async function ordersWithSubOrders(db: DbOrTx, orderIds: string[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(or(inArray(orders.id, orderIds), inArray(orders.parentOrderId, orderIds)));
}

/** A multi-game purchase's games, by game. */
export async function subOrdersOf(db: DbOrTx, orderId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.parentOrderId, orderId))
    .orderBy(asc(orders.game), asc(orders.id));
}

/** The seller's withdrawal still waiting for its delivery (there is at most one), if any. */
export async function openWithdrawalOf(db: DbOrTx, userId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.source, "withdrawal"),
        inArray(orders.status, OPEN_ORDER_STATUSES),
      ),
    )
    .limit(1);
  return row;
}

/** One of the seller's withdrawals, locked for update. */
export async function lockWithdrawal(tx: Tx, id: string, userId: string): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.source, "withdrawal")))
    .for("update");
  return order;
}

/** The orders' item lines (the item and how many), in the order they were written. */
export async function orderLines(
  db: DbOrTx,
  orderIds: string[],
): Promise<{ orderId: string; itemId: string; quantity: number }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderItems.orderId, itemId: orderItems.itemId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}
