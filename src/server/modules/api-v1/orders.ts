import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import {
  API_TEXTS,
  type ApiInventoryEntry,
  type ApiOrder,
  IDEMPOTENCY_TTL_HOURS,
  type WebhookEvent,
} from "../../../contract/api.js";
import type { Game } from "../../../contract/games.js";
import { sellerMayCancel } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { keysetAfter, keysetOrderBy } from "../../db/keyset.js";
import { missing } from "../../db/rows.js";
import { apiIdempotencyKeys } from "../../db/schema/api-v1.js";
import { inventoryBalances } from "../../db/schema/inventory.js";
import { items } from "../../db/schema/items.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { apiError } from "../auth/index.js";
import { cancelOrder, claimBaseUrl, type OrderRow } from "../orders/index.js";
import { apiOrderCursor } from "./cursor.js";
import { enqueueWebhookEvent, type WebhookEventDetails } from "./webhooks.js";

/** GET /api/v1/get-inventory: what the seller can sell now (reserved units are not counted). */
export async function apiInventory(ctx: AppContext, userId: string): Promise<ApiInventoryEntry[]> {
  const rows = await ctx.db
    .select({
      gameId: items.game,
      codeName: items.codeName,
      displayName: items.publicName,
      imageUrl: items.imageUrl,
      quantity: inventoryBalances.available,
    })
    .from(inventoryBalances)
    .innerJoin(items, eq(items.id, inventoryBalances.itemId))
    .where(and(eq(inventoryBalances.userId, userId), gt(inventoryBalances.available, 0)))
    .orderBy(asc(items.game), asc(items.codeName));
  return rows.map((r) => ({ ...r, gameId: r.gameId as Game }));
}

/** What an order's API view is made of (a stored row has all of it). */
type ApiOrderFields = Pick<
  OrderRow,
  "id" | "authKey" | "game" | "createdAt" | "status" | "claimedAt" | "robloxUsername"
>;

/** Spec 001 §3's API view of an order with its items. */
export const toApiOrder = (base: string, o: ApiOrderFields, items: ApiOrder["items"]): ApiOrder => ({
  id: o.id,
  claimUrl: `${base}/claim/${o.authKey}`,
  authKey: o.authKey ?? "",
  items,
  game: o.game as Game,
  createdAt: o.createdAt.toISOString(),
  status: o.status,
  claimedAt: o.claimedAt?.toISOString() ?? null,
  robloxUsername: o.robloxUsername,
});

/** The API views of some orders, in the order given. */
async function apiOrderViews(ctx: AppContext, db: DbOrTx, rows: OrderRow[]): Promise<ApiOrder[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      codeName: items.codeName,
      displayName: items.publicName,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(items.codeName));
  const base = claimBaseUrl(ctx.config);
  return rows.map((o) =>
    toApiOrder(
      base,
      o,
      lines.filter((l) => l.orderId === o.id).map(({ orderId: _, ...line }) => line),
    ),
  );
}

/** Queues a webhook for an API order's event (other modules' hooks call it; other orders are not the API's). */
export async function enqueueApiOrderEvent(
  ctx: AppContext,
  orderId: string,
  event: WebhookEvent,
  details?: WebhookEventDetails,
): Promise<void> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.source, "api")));
  if (!row) return;
  const [order = missing("the order's API view")] = await apiOrderViews(ctx, ctx.db, [row]);
  await ctx.db.transaction(async (tx) => {
    await enqueueWebhookEvent(ctx, tx, row.userId, event, order, details);
  });
}

/** Forgets Idempotency-Keys past their 24 hours (the scheduled `api.idempotency-cleanup` job). */
export async function forgetExpiredIdempotencyKeys(ctx: AppContext): Promise<number> {
  const expired = new Date(ctx.clock() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const removed = await ctx.db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, expired))
    .returning({ key: apiIdempotencyKeys.key });
  return removed.length;
}

/** GET /api/v1/check-status/{authKey}: only the caller's own orders; any other key is a 404. */
export async function apiOrderStatus(ctx: AppContext, userId: string, authKey: string) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.authKey, authKey), eq(orders.userId, userId)));
  if (!order) throw apiError(404, "not_found", API_TEXTS.orderNotFound);
  return {
    authKey,
    status: order.status,
    claimedAt: order.claimedAt?.toISOString() ?? null,
    robloxUsername: order.robloxUsername,
  };
}

/**
 * POST /api/v1/cancel-order/{authKey}: the seller calls off an API order nobody has claimed yet (no buyer has locked
 * a name); its items go back to their inventory (the same cancellation as the orders page's, decision 028).
 * Cancelling twice answers the same.
 */
export async function cancelApiOrder(ctx: AppContext, userId: string, authKey: string) {
  const [order] = await ctx.db
    .select({ id: orders.id, status: orders.status, robloxUsername: orders.robloxUsername })
    .from(orders)
    .where(and(eq(orders.authKey, authKey), eq(orders.userId, userId), eq(orders.source, "api")));
  if (!order) throw apiError(404, "not_found", API_TEXTS.orderNotFound);
  const cancellable = (row: { status: string; robloxUsername: string | null }) =>
    sellerMayCancel({ status: row.status, orderSource: "api", robloxUsername: row.robloxUsername });
  if (order.status !== "cancelled" && !cancellable(order))
    throw apiError(409, "order_not_cancellable", API_TEXTS.notCancellable);
  await cancelOrder(ctx, order.id, { userId, allowed: cancellable });
  return apiOrderStatus(ctx, userId, authKey);
}

/** GET /api/v1/orders: the caller's API orders, newest first, a page at a time (cursor = where the last one ended). */
export async function listApiOrders(
  ctx: AppContext,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<{ orders: ApiOrder[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? null : apiOrderCursor.decode(query.cursor);
  if (query.cursor !== undefined && !after) throw apiError(400, "invalid_request", API_TEXTS.invalidCursor);
  const key = { at: orders.createdAt, id: orders.id };
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.source, "api"),
        after ? keysetAfter(key, "desc", after) : undefined,
      ),
    )
    .orderBy(...keysetOrderBy(key, "desc"))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: await apiOrderViews(ctx, ctx.db, page),
    nextCursor:
      rows.length > query.limit && last
        ? apiOrderCursor.encode({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}
