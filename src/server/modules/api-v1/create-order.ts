import { createHash, randomUUID } from "node:crypto";
import {
  API_TEXTS,
  type ApiCreateOrderRequest,
  type ApiOrder,
  IDEMPOTENCY_TTL_HOURS,
} from "../../../contract/api.js";
import { type GameRules, orderRuleViolation } from "../../../contract/game-rules.js";
import type { Game } from "../../../contract/games.js";
import { formatDecimal, USD_DECIMALS } from "../../../contract/money.js";
import type { AppContext } from "../../context.js";
import { LaneBatcher } from "../../db/lane-batcher.js";
import { at, missing } from "../../db/rows.js";
import type { Statement } from "../../db/script.js";
import { columnsOf } from "../../db/unnest.js";
import type { HttpError } from "../../http/errors.js";
import {
  type RateLimitRule,
  type RateLimitState,
  rateLimitTakeCte,
  windowsOfTakes,
} from "../../http/rate-limit.js";
import { type ApiCaller, apiCallerRefusal, apiError, apiWriteLimit } from "../auth/index.js";
import { type Balance, checkMovementWrites, type Movement, movementWrites } from "../inventory/index.js";
import {
  claimBaseUrl,
  newAuthKey,
  ORDER_CREATED_JOB,
  type OrderCreatedBatch,
  type OrderDraft,
  orderInserts,
} from "../orders/index.js";
import { toApiOrder } from "./orders.js";
import { WEBHOOK_DELIVER_JOB, webhookEventBody } from "./webhooks.js";

/**
 * One POST /api/v1/create-order: its bearer key (checked in the batch's first round trip, decision 059) and its body,
 * or the validation error it is answered with once the key's checks pass.
 */
export type ApiOrderRequest = {
  /** The SHA-256 of the bearer key. */
  keyHash: string;
  idempotencyKey?: string;
} & ({ body: ApiCreateOrderRequest } | { body: null; invalid: Error });

interface CreatedOrder {
  order: ApiOrder;
  /** True when an earlier request with the same Idempotency-Key created it. */
  replayed: boolean;
}

/** A request's answer, with the window its key's take left (null for a key that names no seller). */
export type ApiOrderResult = (CreatedOrder | { error: Error }) & { window: RateLimitState | null };

/** A balance of the seller's that one of the batch's lines names, as locked. */
export interface HeldItem {
  itemId: string;
  codeName: string;
  game: Game;
  displayName: string;
  available: number;
}

export interface ResolvedLine {
  itemId: string;
  codeName: string;
  displayName: string;
  quantity: number;
}

/**
 * Spec 001 §5's checks of one order against the seller's items, in the order the API reports them: every code name
 * names exactly one item the seller holds (one held in two games is ambiguous; repeated code names add up), one
 * game and at most its maxUniqueItems items, then enough units. `available` holds the units left per item after the
 * orders decided before this one; an accepted order takes its units from it.
 */
export function resolveApiOrder(
  body: ApiCreateOrderRequest,
  held: readonly HeldItem[],
  rulesOf: (game: Game) => GameRules | null,
  available: Map<string, number>,
): { game: Game; lines: ResolvedLine[] } | { error: HttpError } {
  const wanted = new Map<string, number>();
  for (const l of body.items) wanted.set(l.codeName, (wanted.get(l.codeName) ?? 0) + l.quantity);
  const lines: (ResolvedLine & { game: Game })[] = [];
  for (const [codeName, quantity] of wanted) {
    const matches = held.filter((h) => h.codeName === codeName);
    if (matches.length === 0)
      return { error: apiError(400, "unknown_item", API_TEXTS.unknownItem(codeName)) };
    if (matches.length > 1)
      return { error: apiError(400, "game_rules_violation", API_TEXTS.ambiguousItem(codeName)) };
    const [m = missing("the matching item")] = matches;
    lines.push({ itemId: m.itemId, codeName, displayName: m.displayName, game: m.game, quantity });
  }
  const game = at(lines, 0).game;
  const violation = orderRuleViolation(
    lines.map((l) => ({ game: l.game, item: l.codeName, quantity: l.quantity })),
    rulesOf(game),
  );
  if (violation) return { error: apiError(400, "game_rules_violation", violation) };
  const units = (l: ResolvedLine) => available.get(l.itemId) ?? 0;
  const short = lines.find((l) => l.quantity > units(l));
  if (short)
    return {
      error: apiError(
        400,
        "insufficient_inventory",
        API_TEXTS.insufficientInventory(short.codeName, units(short)),
      ),
    };
  for (const l of lines) available.set(l.itemId, units(l) - l.quantity);
  return { game, lines: lines.map(({ game: _, ...line }) => line) };
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

/** A row of the claim: `kind` says which other columns it fills. */
interface ClaimRow {
  /** caller | rate | key | held | rules | endpoint | rank */
  kind: string;
  /** caller, key, held, endpoint: the seller */
  user_id: string | null;
  /** caller: the key's hash; rate: the limiter's key; key: the Idempotency-Key; endpoint: the endpoint's id */
  key: string | null;
  /** held: the item */
  item_id: string | null;
  /** held, rank: the item's code name */
  code_name: string | null;
  /** held, rules */
  game: string | null;
  /** caller: the plan; key: the first answer (JSON), null when this batch owns the key; held: the item's public name */
  name: string | null;
  /** caller: the plan's expiry, epoch ms; rate: the window's expiry, epoch ms; key: the request hash it was taken with */
  text: string | null;
  /**
   * caller: 1 with the integration on; rate: the points taken in the window; held: available units; rules: max unique
   * items; rank: the code name's place in the database's order
   */
  n1: number | null;
  /** caller: 1 when the seller has a follow-up (Discord on); held: reserved units; rules: max items per listing */
  n2: number | null;
}

/** Where the claim takes the keys' write limit: the limiter's table key prefix (PostgreSQL only, else in memory). */
interface LimitTake {
  rule: RateLimitRule;
  prefix: string;
}

/**
 * The first round trip: the keys' sellers (by the keys' hashes) and, on PostgreSQL, each key's write limit taken once
 * per request, as the scope's hook would (decision 059); the batch's Idempotency-Keys taken (a key younger than 24 h
 * keeps its first answer, which the update returns once any transaction holding it ends; an older one is taken over);
 * then, locked in the ledger's order, the balances the lines name, with the game rules, the sellers' webhook endpoints
 * and the order of the code names (an order's items are listed by code name, as the database sorts them).
 */
function claimStatement(
  requests: ApiOrderRequest[],
  hashes: (string | null)[],
  now: Date,
  limit: LimitTake | null,
): Statement {
  const lines = requests.flatMap((r) => (r.body?.items ?? []).map((l) => [r.keyHash, l.codeName] as const));
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
  const taken = (column: string) =>
    `CASE WHEN k.created_at < $7 THEN excluded.${column} ELSE k.${column} END`;
  const rate = limit
    ? `, ${rateLimitTakeCte(
        "rate",
        `SELECT $8::text || c.key_hash AS key, count(*)::int AS points
           FROM request r JOIN caller c ON c.key_hash = r.key_hash GROUP BY c.key_hash`,
        "$9::bigint",
        "$10::bigint",
      )}`
    : "";
  return {
    name: limit ? "api_order_claim_limited" : "api_order_claim",
    text: `WITH request AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS request(key_hash, key, request_hash)
     ), caller AS (
       SELECT id AS user_id, api_key_hash AS key_hash, api_integration_enabled, subscription_tier, subscription_expiry,
              discord_webhook_url IS NOT NULL AND discord_notifications_enabled AS follow_up
         FROM users WHERE api_key_hash IN (SELECT key_hash FROM request) ORDER BY id FOR KEY SHARE
     )${rate}, request_line AS (
       SELECT c.user_id, l.code_name
         FROM unnest($4::text[], $5::text[]) AS l(key_hash, code_name) JOIN caller c ON c.key_hash = l.key_hash
     ), key_row AS (
       INSERT INTO api_idempotency_keys AS k (user_id, key, request_hash, created_at)
       SELECT c.user_id, r.key, r.request_hash, $6::timestamptz FROM request r JOIN caller c ON c.key_hash = r.key_hash
        WHERE r.key IS NOT NULL ORDER BY c.user_id, r.key
       ON CONFLICT (user_id, key) DO UPDATE SET request_hash = ${taken("request_hash")},
         status_code = ${taken("status_code")}, response = ${taken("response")}, created_at = ${taken("created_at")}
       RETURNING k.user_id, k.key, k.request_hash, k.response
     ), held AS (
       SELECT b.user_id, b.item_id, b.available, b.reserved, i.code_name, i.game, i.public_name
         FROM inventory_balances b JOIN items i ON i.id = b.item_id
        WHERE (b.user_id, i.code_name) IN (SELECT user_id, code_name FROM request_line)
        ORDER BY b.user_id, b.item_id FOR NO KEY UPDATE OF b
     ), rules AS (
       SELECT game, max_unique_items, max_items_per_listing FROM game_settings WHERE game IN (SELECT game FROM held)
     ), endpoint AS (
       SELECT user_id, id FROM webhook_endpoints WHERE user_id IN (SELECT user_id FROM caller)
     ), code_rank AS (
       SELECT code_name, rank() OVER (ORDER BY code_name)::int AS n FROM (SELECT DISTINCT code_name FROM request_line) c
     )
     SELECT 'caller' AS kind, user_id::text AS user_id, key_hash AS key, NULL AS item_id, NULL AS code_name,
            NULL AS game, subscription_tier AS name,
            (extract(epoch FROM subscription_expiry) * 1000)::bigint::text AS text,
            api_integration_enabled::int AS n1, follow_up::int AS n2
       FROM caller${
         limit
           ? `
     UNION ALL SELECT 'rate', NULL, key, NULL, NULL, NULL, NULL, expire::text, points, NULL FROM rate`
           : ""
       }
     UNION ALL SELECT 'key', user_id::text, key, NULL, NULL, NULL, response::text, request_hash, NULL, NULL
       FROM key_row
     UNION ALL SELECT 'held', user_id::text, NULL, item_id::text, code_name, game, public_name, NULL, available, reserved
       FROM held
     UNION ALL SELECT 'rules', NULL, NULL, NULL, NULL, game, NULL, NULL, max_unique_items, max_items_per_listing
       FROM rules
     UNION ALL SELECT 'endpoint', user_id::text, id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM endpoint
     UNION ALL SELECT 'rank', NULL, NULL, NULL, code_name, NULL, NULL, NULL, n, NULL FROM code_rank`,
    values: [
      requests.map((r) => r.keyHash),
      requests.map((r) => r.idempotencyKey ?? null),
      hashes,
      lines.map(([keyHash]) => keyHash),
      lines.map(([, codeName]) => codeName),
      now.toISOString(),
      expired.toISOString(),
      ...(limit ? [limit.prefix, now.getTime(), now.getTime() + limit.rule.durationSeconds * 1000] : []),
    ],
  };
}

/** The claim's rows, by kind. */
function readClaim(rows: ClaimRow[], limit: LimitTake | null) {
  const callers = new Map<string, ApiCaller & { userId: string }>();
  const followedUp = new Set<string>();
  const rates = new Map<string, { points: number; expire: number }>();
  const keys = new Map<string, { requestHash: string; answer: ApiOrder | null }>();
  const heldBySeller = new Map<string, HeldItem[]>();
  const locked = new Map<string, Balance>();
  const rules = new Map<string, GameRules>();
  const endpoints = new Map<string, string>();
  const rank = new Map<string, number>();
  for (const r of rows) {
    const userId = r.user_id ?? "";
    if (r.kind === "caller") {
      callers.set(r.key ?? "", {
        userId,
        apiIntegrationEnabled: r.n1 === 1,
        subscriptionTier: r.name ?? "",
        subscriptionExpiry: r.text === null ? null : new Date(Number(r.text)),
      });
      if (r.n2 === 1) followedUp.add(userId);
    } else if (r.kind === "rate")
      rates.set((r.key ?? "").slice(limit?.prefix.length), { points: Number(r.n1), expire: Number(r.text) });
    else if (r.kind === "key")
      keys.set(`${userId} ${r.key}`, {
        requestHash: r.text ?? "",
        answer: r.name === null ? null : (JSON.parse(r.name) as ApiOrder),
      });
    else if (r.kind === "held") {
      const itemId = r.item_id ?? missing("the held item's id");
      const item: HeldItem = {
        itemId,
        codeName: r.code_name ?? "",
        game: r.game as Game,
        displayName: r.name ?? "",
        available: Number(r.n1),
      };
      heldBySeller.set(userId, [...(heldBySeller.get(userId) ?? []), item]);
      locked.set(`${userId} ${itemId}`, { available: Number(r.n1), reserved: Number(r.n2) });
    } else if (r.kind === "rules") {
      const game = r.game as Game;
      rules.set(game, { game, maxUniqueItems: r.n1, maxItemsPerListing: r.n2 });
    } else if (r.kind === "endpoint") endpoints.set(userId, r.key ?? "");
    else if (r.kind === "rank") rank.set(r.code_name ?? "", Number(r.n1));
  }
  return { callers, followedUp, rates, keys, heldBySeller, locked, rules, endpoints, rank };
}

/**
 * Each request's window of its key's write limit, in arrival order: from the claim's take on PostgreSQL, from the
 * in-memory limiter on PGlite; null for a key that names no seller (a 401 counts against nothing).
 */
async function windowsOf(
  ctx: AppContext,
  limit: LimitTake | null,
  requests: ApiOrderRequest[],
  claim: ReturnType<typeof readClaim>,
  now: number,
): Promise<(RateLimitState | null)[]> {
  const byKey = new Map<string, number[]>();
  for (const [i, r] of requests.entries())
    if (claim.callers.has(r.keyHash)) byKey.set(r.keyHash, [...(byKey.get(r.keyHash) ?? []), i]);
  const windows: (RateLimitState | null)[] = requests.map(() => null);
  const rule = limit?.rule ?? apiWriteLimit(ctx.config.apiWritesPerMinute);
  for (const [keyHash, indexes] of byKey) {
    if (limit) {
      const rate = claim.rates.get(keyHash) ?? missing("the key's rate limit row");
      const taken = windowsOfTakes(rule, rate.points, rate.expire, indexes.length, now);
      for (const [n, i] of indexes.entries()) windows[i] = at(taken, n);
    } else for (const i of indexes) windows[i] = await ctx.rateLimits.take(rule, keyHash);
  }
  return windows;
}

/**
 * The second round trip's writes, in one statement: the orders and their items (`orderInserts`), each owned key's
 * first answer, the keys of refused requests given back (so a corrected retry may use them), the webhook deliveries
 * and the reservations (the ledger's statements). Its text depends only on whether anything is reserved.
 */
function writeStatement(
  drafts: OrderDraft[],
  answered: (readonly [string, string, string, string])[],
  released: (readonly [string, string])[],
  deliveries: (readonly [string, string, string, string, string])[],
  locked: Map<string, Balance>,
  moves: Movement[],
) {
  const inserts = orderInserts(drafts, 0);
  const p = inserts.values.length;
  const values = [
    ...inserts.values,
    ...columnsOf(answered, 4),
    ...columnsOf(released, 2),
    ...columnsOf(deliveries, 5),
  ];
  const reserved = movementWrites(locked, moves, values.length);
  // resolveApiOrder already decided the reservations against the same balances, so a refusal would be a bug.
  if (reserved.outcomes.some((o) => !o.applied)) throw new Error("Reservation refused after the checks");
  const statement: Statement = {
    name: reserved.ctes ? "api_order_write_reserving" : "api_order_write",
    // The key's row, taken in the first round trip, is answered through its primary key (an upsert that always
    // updates): an UPDATE joined to the keys would be planned once per connection, and with the table's statistics of
    // that moment it scanned the whole table on every batch as the table grew (decision 063).
    text: `WITH ${inserts.ctes}, key_answered AS (
         INSERT INTO api_idempotency_keys AS k (user_id, key, request_hash, status_code, response)
         SELECT a.user_id, a.key, a.request_hash, 201, a.response::jsonb
           FROM unnest($${p + 1}::uuid[], $${p + 2}::text[], $${p + 3}::text[], $${p + 4}::text[])
             AS a(user_id, key, request_hash, response)
         ON CONFLICT (user_id, key) DO UPDATE SET status_code = 201, response = excluded.response
         RETURNING 1
       ), key_released AS (
         DELETE FROM api_idempotency_keys k USING unnest($${p + 5}::uuid[], $${p + 6}::text[]) AS r(user_id, key)
          WHERE k.user_id = r.user_id AND k.key = r.key
         RETURNING 1
       ), delivery AS (
         INSERT INTO webhook_deliveries (id, user_id, endpoint_id, event, order_id, body)
         SELECT d.id, d.user_id, d.endpoint_id, 'order.created', d.order_id, d.body
           FROM unnest($${p + 7}::uuid[], $${p + 8}::uuid[], $${p + 9}::uuid[], $${p + 10}::uuid[], $${p + 11}::text[])
             AS d(id, user_id, endpoint_id, order_id, body)
         RETURNING 1
       )${reserved.ctes ? `, ${reserved.ctes}` : ""}
       SELECT ${reserved.ctes ? "(SELECT count(*) FROM ledger_u)::int" : "0"} AS n`,
    values: [...values, ...reserved.params],
  };
  return { statement, reserved };
}

/**
 * POST /api/v1/create-order for a batch of requests, in one transaction of two round trips (a script transaction,
 * decision 011, like the Shopify intake): on a small machine the round trips, not the work, bound the rate. Each
 * request is decided on its own, in arrival order, against balances locked for the batch: first its key's checks as
 * the API scope's hook makes them (decision 059: 401, the write limit's 429, 403, then its body's 400), then its
 * Idempotency-Key, so a retry gets the first answer (or its 422) even when stock, rules or catalogue would refuse
 * the same order now; a refused request gives its key back. An accepted order (source api, claimable only by its
 * authKey) reserves its items through the ledger, answers its key, and queues its order.created webhook and, for a
 * seller with Discord on, the orders.created hook (the seller's Discord message, decision 008). Requests repeating a key of an earlier one in
 * the batch run after it, in a batch of their own, so they see its answer.
 */
export async function createApiOrders(
  ctx: AppContext,
  requests: ApiOrderRequest[],
): Promise<ApiOrderResult[]> {
  const firsts: ApiOrderRequest[] = [];
  const repeats: number[] = [];
  const seen = new Set<string>();
  for (const [i, r] of requests.entries()) {
    const key = r.idempotencyKey === undefined ? null : `${r.keyHash} ${r.idempotencyKey}`;
    if (key !== null && seen.has(key)) repeats.push(i);
    else {
      if (key !== null) seen.add(key);
      firsts.push(r);
    }
  }
  const results = await createDistinctApiOrders(ctx, firsts);
  if (repeats.length === 0) return results;
  const repeated = await createApiOrders(
    ctx,
    repeats.map((i) => at(requests, i)),
  );
  const merged: ApiOrderResult[] = [];
  let first = 0;
  let repeat = 0;
  for (let i = 0; i < requests.length; i++)
    merged.push(repeats[repeat] === i ? at(repeated, repeat++) : at(results, first++));
  return merged;
}

async function createDistinctApiOrders(
  ctx: AppContext,
  requests: ApiOrderRequest[],
): Promise<ApiOrderResult[]> {
  const now = new Date(ctx.clock());
  const base = claimBaseUrl(ctx.config);
  const rule = apiWriteLimit(ctx.config.apiWritesPerMinute);
  const prefix = await ctx.rateLimits.tableKeyPrefix(rule);
  const limit = prefix === null ? null : { rule, prefix };
  const hashes = requests.map((r) => (r.body ? requestHashOf(r.body) : null));
  const created: { userId: string; orderId: string }[] = [];
  const results = await ctx.database.scriptTransaction(async (t) => {
    const claim = readClaim(await t.first<ClaimRow>(claimStatement(requests, hashes, now, limit)), limit);
    const windows = await windowsOf(ctx, limit, requests, claim, now.getTime());
    const available = new Map<string, Map<string, number>>();
    const availableOf = (userId: string) => {
      let units = available.get(userId);
      if (!units) {
        units = new Map((claim.heldBySeller.get(userId) ?? []).map((h) => [h.itemId, h.available]));
        available.set(userId, units);
      }
      return units;
    };
    const drafts: OrderDraft[] = [];
    const moves: Movement[] = [];
    const answered: (readonly [string, string, string, string])[] = [];
    const released: (readonly [string, string])[] = [];
    const deliveries: (readonly [string, string, string, string, string])[] = [];
    const results = requests.map((r, i): ApiOrderResult => {
      const caller = claim.callers.get(r.keyHash);
      if (!caller) return { window: null, error: apiError(401, "invalid_api_key", API_TEXTS.invalidKey) };
      const { userId } = caller;
      const window = windows[i] ?? missing("the request's rate limit window");
      const key =
        r.idempotencyKey === undefined ? undefined : claim.keys.get(`${userId} ${r.idempotencyKey}`);
      // A refused request gives back the key this batch took for it, so a corrected retry may use it.
      const refused = (error: Error): ApiOrderResult => {
        if (r.idempotencyKey !== undefined && key && !key.answer) released.push([userId, r.idempotencyKey]);
        return { window, error };
      };
      const refusal = apiCallerRefusal(caller, window, now.getTime());
      if (refusal) return refused(refusal);
      if (r.body === null) return refused(r.invalid);
      if (key?.answer) {
        if (key.requestHash !== hashes[i])
          return { window, error: apiError(422, "idempotency_key_reused", API_TEXTS.idempotencyReused) };
        return { window, order: key.answer, replayed: true };
      }
      const decided = resolveApiOrder(
        r.body,
        claim.heldBySeller.get(userId) ?? [],
        (game) => claim.rules.get(game) ?? null,
        availableOf(userId),
      );
      if ("error" in decided) return refused(decided.error);
      const id = randomUUID();
      const authKey = newAuthKey();
      const quantities = decided.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity }));
      const rankOf = (l: ResolvedLine) => claim.rank.get(l.codeName) ?? 0;
      const order = toApiOrder(
        base,
        {
          id,
          authKey,
          game: decided.game,
          createdAt: now,
          status: "unclaimed",
          claimedAt: null,
          robloxUsername: null,
        },
        [...decided.lines]
          .sort((a, b) => rankOf(a) - rankOf(b))
          .map((l) => ({ codeName: l.codeName, displayName: l.displayName, quantity: l.quantity })),
      );
      drafts.push({
        id,
        userId: userId,
        source: "api",
        status: "unclaimed",
        game: decided.game,
        totalAmount: r.body.price === undefined ? undefined : formatDecimal(r.body.price, USD_DECIMALS),
        authKey,
        createdAt: now,
        items: quantities,
      });
      moves.push({
        userId: userId,
        kind: "reservation",
        lines: quantities,
        ref: { orderId: id },
      });
      if (r.idempotencyKey !== undefined)
        answered.push([
          userId,
          r.idempotencyKey,
          hashes[i] ?? missing("the request's hash"),
          JSON.stringify(order),
        ]);
      const endpointId = claim.endpoints.get(userId);
      if (endpointId) {
        const deliveryId = randomUUID();
        deliveries.push([
          deliveryId,
          userId,
          endpointId,
          id,
          webhookEventBody(deliveryId, "order.created", now.getTime(), order),
        ]);
      }
      created.push({ userId: userId, orderId: id });
      return { window, order, replayed: false };
    });
    if (drafts.length === 0 && released.length === 0) {
      await t.last([]);
      return results;
    }
    const { statement, reserved } = writeStatement(
      drafts,
      answered,
      released,
      deliveries,
      claim.locked,
      moves,
    );
    // Its listeners act only for sellers with Discord on (API orders sell no listing to sync, decision 063).
    const followUps = created.filter((c) => claim.followedUp.has(c.userId));
    const jobs = [
      ...(deliveries.length
        ? [
            await ctx.jobs.sendManyStatement(
              WEBHOOK_DELIVER_JOB,
              deliveries.map(([deliveryId]) => ({ deliveryId })),
            ),
          ]
        : []),
      ...(followUps.length
        ? [
            await ctx.jobs.sendManyStatement<OrderCreatedBatch>(ORDER_CREATED_JOB, [
              { events: createdEvents(followUps) },
            ]),
          ]
        : []),
    ];
    const [written = missing("the movement count")] = await t.last([statement, ...jobs]);
    checkMovementWrites(reserved, Number(at(written, 0).n));
    return results;
  });

  const sellers = [...new Set(created.map((c) => c.userId))];
  ctx.events.hint(
    sellers.flatMap((userId) => [
      { userId, type: "orders" as const },
      { userId, type: "inventory" as const },
    ]),
  );
  return results;
}

/** The orders.created hook's events of a batch: each seller's new orders. */
function createdEvents(created: { userId: string; orderId: string }[]) {
  const bySeller = new Map<string, string[]>();
  for (const c of created) bySeller.set(c.userId, [...(bySeller.get(c.userId) ?? []), c.orderId]);
  return [...bySeller].map(([userId, orderIds]) => ({ userId, orderIds, listingIds: [] }));
}

/**
 * The route's batcher (group commit, `LaneBatcher`): requests arriving together are created in one transaction,
 * split by key (one key, one seller) into lanes under a backlog, so each seller's orders are decided in arrival order
 * and lanes never wait on each other's balances.
 */
export function apiOrderBatcher(ctx: AppContext): (request: ApiOrderRequest) => Promise<ApiOrderResult> {
  const batcher = new LaneBatcher<ApiOrderRequest, ApiOrderResult>({
    runBatch: (requests) => createApiOrders(ctx, requests),
    runOne: async (request) => at(await createApiOrders(ctx, [request]), 0),
    laneKey: (request) => request.keyHash,
  });
  return (request) => batcher.submit(request);
}
