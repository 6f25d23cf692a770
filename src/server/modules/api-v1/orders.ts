import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import {
  API_TEXTS,
  type ApiCreateOrderRequest,
  type ApiInventoryEntry,
  type ApiOrder,
  IDEMPOTENCY_TTL_HOURS,
  type WebhookEvent,
} from "../../../contract/api.js";
import { orderRuleViolation, type RuleLine } from "../../../contract/game-rules.js";
import type { Game } from "../../../contract/games.js";
import { formatDecimal, USD_DECIMALS } from "../../../contract/money.js";
import { sellerMayCancel } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { keysetAfter, keysetOrderBy } from "../../db/keyset.js";
import { at, missing } from "../../db/rows.js";
import { apiIdempotencyKeys } from "../../db/schema/api-v1.js";
import { gameSettings } from "../../db/schema/bots.js";
import { inventoryBalances } from "../../db/schema/inventory.js";
import { items } from "../../db/schema/items.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { apiError } from "../auth/index.js";
import { InsufficientInventoryError, moveInventory } from "../inventory/index.js";
import {
  cancelOrder,
  claimBaseUrl,
  createOrders,
  newAuthKey,
  type OrderRow,
  queueFollowUps,
} from "../orders/index.js";
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

/** Spec 001 §3's API order view of some orders, in the order given. */
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
  return rows.map((o) => ({
    id: o.id,
    claimUrl: `${base}/claim/${o.authKey}`,
    authKey: o.authKey ?? "",
    items: lines.filter((l) => l.orderId === o.id).map(({ orderId: _, ...line }) => line),
    game: o.game as Game,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    claimedAt: o.claimedAt?.toISOString() ?? null,
    robloxUsername: o.robloxUsername,
  }));
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

interface ResolvedLine {
  itemId: string;
  codeName: string;
  game: Game;
  quantity: number;
  available: number;
}

/**
 * The request's lines against the seller's inventory: each code name must name exactly one item the seller holds
 * (a code name held in two games is ambiguous), and repeated code names add up.
 */
async function resolveLines(tx: Tx, userId: string, body: ApiCreateOrderRequest): Promise<ResolvedLine[]> {
  const wanted = new Map<string, number>();
  for (const l of body.items) wanted.set(l.codeName, (wanted.get(l.codeName) ?? 0) + l.quantity);
  const held = await tx
    .select({
      itemId: items.id,
      codeName: items.codeName,
      game: items.game,
      available: inventoryBalances.available,
    })
    .from(inventoryBalances)
    .innerJoin(items, eq(items.id, inventoryBalances.itemId))
    .where(and(eq(inventoryBalances.userId, userId), inArray(items.codeName, [...wanted.keys()])));
  return [...wanted].map(([codeName, quantity]) => {
    const matches = held.filter((h) => h.codeName === codeName);
    if (matches.length === 0) throw apiError(400, "unknown_item", API_TEXTS.unknownItem(codeName));
    if (matches.length > 1) throw apiError(400, "game_rules_violation", API_TEXTS.ambiguousItem(codeName));
    const [m = missing("the matching item")] = matches;
    return { itemId: m.itemId, codeName, game: m.game as Game, quantity, available: m.available };
  });
}

/** The game rules of spec 001 §5 (one game, at most maxUniqueItems items) and enough inventory, before any write. */
async function assertOrderAllowed(tx: Tx, lines: ResolvedLine[]): Promise<Game> {
  const ruleLines: RuleLine[] = lines.map((l) => ({ game: l.game, item: l.codeName, quantity: l.quantity }));
  const game = at(lines, 0).game;
  const [rules] = await tx.select().from(gameSettings).where(eq(gameSettings.game, game));
  const violation = orderRuleViolation(
    ruleLines,
    rules
      ? { game, maxUniqueItems: rules.maxUniqueItems, maxItemsPerListing: rules.maxItemsPerListing }
      : null,
  );
  if (violation) throw apiError(400, "game_rules_violation", violation);
  const short = lines.find((l) => l.quantity > l.available);
  if (short) throw insufficient(short);
  return game;
}

const insufficient = (l: ResolvedLine) =>
  apiError(400, "insufficient_inventory", API_TEXTS.insufficientInventory(l.codeName, l.available));

/** Forgets Idempotency-Keys past their 24 hours (the scheduled `api.idempotency-cleanup` job). */
export async function forgetExpiredIdempotencyKeys(ctx: AppContext): Promise<number> {
  const expired = new Date(ctx.clock() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const removed = await ctx.db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, expired))
    .returning({ key: apiIdempotencyKeys.key });
  return removed.length;
}

/**
 * What identifies a request for its Idempotency-Key: the parsed body, so whitespace and key order do not matter
 * (the price only when given, so keys taken before it existed still match).
 */
const requestHashOf = (body: ApiCreateOrderRequest) => {
  const lines = body.items.map((l) => [l.codeName, l.quantity]);
  const price = body.price === undefined ? undefined : formatDecimal(body.price, USD_DECIMALS);
  return createHash("sha256")
    .update(JSON.stringify(price === undefined ? lines : [lines, price]))
    .digest("hex");
};

export interface CreatedOrder {
  order: ApiOrder;
  /** True when an earlier request with the same Idempotency-Key created it. */
  replayed: boolean;
}

/**
 * Takes the Idempotency-Key inside the order's transaction: a concurrent request with the same key waits on its
 * row and then sees the committed answer; a key older than 24 h is taken over. Returns the earlier answer, or null
 * when this request owns the key now.
 */
async function claimIdempotencyKey(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  key: string,
  requestHash: string,
): Promise<ApiOrder | null> {
  const now = new Date(ctx.clock());
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const taken = await tx
    .insert(apiIdempotencyKeys)
    .values({ userId, key, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.userId, apiIdempotencyKeys.key],
      set: { requestHash, createdAt: now, statusCode: null, response: null },
      setWhere: lt(apiIdempotencyKeys.createdAt, expired),
    })
    .returning({ key: apiIdempotencyKeys.key });
  if (taken.length > 0) return null;
  const [earlier = missing("the apiIdempotencyKeys row")] = await tx
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key)));
  if (earlier.requestHash !== requestHash)
    throw apiError(422, "idempotency_key_reused", API_TEXTS.idempotencyReused);
  return earlier.response as ApiOrder;
}

/**
 * POST /api/v1/create-order in one transaction: takes the Idempotency-Key first, so a retry gets the first answer
 * (or its 422) even when stock, rules or catalogue would refuse the same order now; then checks the rules, creates
 * the order (source api, unclaimable only by its authKey), reserves its items through the ledger (which refuses to
 * overdraw, so concurrent orders never oversell) and queues the order.created webhook and the orders.created hook
 * (the seller's Discord message). A refusal rolls the key back
 * with the rest, so a corrected retry may use it.
 */
export async function createApiOrder(
  ctx: AppContext,
  userId: string,
  body: ApiCreateOrderRequest,
  idempotencyKey: string | undefined,
): Promise<CreatedOrder> {
  let lines: ResolvedLine[] = [];
  try {
    return await ctx.db.transaction(async (tx) => {
      if (idempotencyKey) {
        const earlier = await claimIdempotencyKey(ctx, tx, userId, idempotencyKey, requestHashOf(body));
        if (earlier) return { order: earlier, replayed: true };
      }
      lines = await resolveLines(tx, userId, body);
      const game = await assertOrderAllowed(tx, lines);
      const [row = missing("the created order")] = await createOrders(tx, [
        {
          userId,
          source: "api",
          status: "unclaimed",
          game,
          totalAmount: body.price === undefined ? undefined : formatDecimal(body.price, USD_DECIMALS),
          authKey: newAuthKey(),
          // The clock's millisecond time, so the list's cursor (milliseconds) finds this order exactly.
          createdAt: new Date(ctx.clock()),
          items: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
        },
      ]);
      await moveInventory(ctx, tx, userId, "reservation", lines, { orderId: row.id });
      const [order = missing("the order's API view")] = await apiOrderViews(ctx, tx, [row]);
      if (idempotencyKey)
        await tx
          .update(apiIdempotencyKeys)
          .set({ statusCode: 201, response: order })
          .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, idempotencyKey)));
      await enqueueWebhookEvent(ctx, tx, userId, "order.created", order);
      // Every sale is announced (decision 008), an API order like a Shopify one: the orders.created listeners.
      await queueFollowUps(ctx, tx, userId, { orderIds: [row.id], listingIds: [] });
      await ctx.events.publish({ userId, type: "orders" }, tx);
      return { order, replayed: false };
    });
  } catch (err) {
    // Another order took the units between the check and the reservation.
    if (err instanceof InsufficientInventoryError) {
      const line = lines.find((l) => l.itemId === err.itemId) ?? at(lines, 0);
      const [balance] = await ctx.db
        .select({ available: inventoryBalances.available })
        .from(inventoryBalances)
        .where(and(eq(inventoryBalances.userId, userId), eq(inventoryBalances.itemId, line.itemId)));
      throw insufficient({ ...line, available: balance?.available ?? 0 });
    }
    throw err;
  }
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
