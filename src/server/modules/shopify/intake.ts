import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import { LaneBatcher } from "../../db/lane-batcher.js";
import { at, missing } from "../../db/rows.js";
import type { Statement } from "../../db/script.js";
import { columnsOf } from "../../db/unnest.js";
import { centsToDecimal, type OrderWebhook, toCents } from "../../integrations/shopify/index.js";
import {
  type Balance,
  checkMovementWrites,
  type ItemQuantity,
  type Movement,
  type MovementWrites,
  movementWrites,
} from "../inventory/index.js";
import {
  newAuthKey,
  ORDER_CREATED_JOB,
  type OrderCreatedBatch,
  type OrderCreatedEvent,
  type OrderDraft,
  orderInserts,
} from "../orders/index.js";

import { isPaid } from "./order-rules.js";

type IntakeResult =
  /** `known`: lifecycle webhooks of this order came first; their state is to be applied (decision 028). */
  | { status: "created"; orderIds: string[]; failedNoStock: number; known: boolean }
  | { status: "duplicate" }
  | { status: "ignored"; reason: "unknown_shop" | "no_linked_products" };

interface LinkedRow {
  domain: string;
  user_id: string;
  listing_id: string | null;
  game: string | null;
  shopify_variant_id: string | null;
  item_id: string | null;
  quantity: number | null;
}

/** One order per game: the listings it draws on, the items it reserves, its share of the total. */
interface GameOrder {
  id: string;
  game: string;
  cents: bigint;
  /** listing id -> units sold */
  listingUnits: Map<string, number>;
  /** item id -> quantity (what is reserved) */
  items: Map<string, number>;
  /** "listingId itemId" -> quantity (the order's item rows, so each listing's sales can be counted) */
  lines: Map<string, number>;
  ok: boolean;
}

function add(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * Groups the purchase's linked lines by game (decision 007: one order per game). Each line sells `quantity` units of
 * a listing; a unit is the listing's items, so items are listing quantity × line quantity.
 */
export function groupByGame(order: OrderWebhook, linked: LinkedRow[]): GameOrder[] {
  const listingOf = new Map<string, { id: string; game: string; items: ItemQuantity[] }>();
  for (const r of linked) {
    if (!r.listing_id || !r.shopify_variant_id || !r.game) continue;
    let listing = listingOf.get(r.shopify_variant_id);
    if (!listing) {
      listing = { id: r.listing_id, game: r.game, items: [] };
      listingOf.set(r.shopify_variant_id, listing);
    }
    if (r.item_id && r.quantity) listing.items.push({ itemId: r.item_id, quantity: r.quantity });
  }
  const games = new Map<string, GameOrder>();
  for (const line of order.line_items) {
    const listing = line.variant_id ? listingOf.get(line.variant_id) : undefined;
    if (!listing || line.quantity <= 0 || listing.items.length === 0) continue;
    let g = games.get(listing.game);
    if (!g) {
      g = {
        id: randomUUID(),
        game: listing.game,
        cents: 0n,
        listingUnits: new Map(),
        items: new Map(),
        lines: new Map(),
        ok: true,
      };
      games.set(listing.game, g);
    }
    g.cents += toCents(line.price) * BigInt(line.quantity);
    add(g.listingUnits, listing.id, line.quantity);
    for (const item of listing.items) {
      add(g.items, item.itemId, item.quantity * line.quantity);
      add(g.lines, `${listing.id} ${item.itemId}`, item.quantity * line.quantity);
    }
  }
  return [...games.values()].sort((a, b) => a.game.localeCompare(b.game));
}

/**
 * Decides which game orders can be served, against locked listing stock and inventory: a game order is served
 * whole or not at all (failed_no_stock, nothing reserved). Games are served in name order.
 */
export function allocate(
  gameOrders: GameOrder[],
  stock: Map<string, number>,
  available: Map<string, number>,
): void {
  for (const g of gameOrders) {
    const listingShort = [...g.listingUnits].some(([id, n]) => (stock.get(id) ?? 0) < n);
    const itemShort = [...g.items].some(([id, n]) => (available.get(id) ?? 0) < n);
    g.ok = !listingShort && !itemShort;
    if (!g.ok) continue;
    for (const [id, n] of g.listingUnits) stock.set(id, stock.get(id)! - n);
    for (const [id, n] of g.items) available.set(id, available.get(id)! - n);
  }
}

interface IntakeRequest {
  shop: string;
  order: OrderWebhook;
}

/** A delivery that is not a repeat within its batch, with the id its purchase's top order will have. */
interface Candidate {
  index: number;
  shop: string;
  order: OrderWebhook;
  topId: string;
}

/** One request of a batch on its way through the transaction. */
interface Pending extends Candidate {
  userId: string;
  games: GameOrder[];
  /** `topId` names the parent of several games; a single game order takes it as its own id. */
  multiGame: boolean;
}

/**
 * The batch's distinct deliveries, in key order (shop, Shopify order id): receipts are inserted in that order, so
 * two batches holding the same orders wait rather than deadlock. A repeat within the batch is a duplicate.
 */
function distinctDeliveries(requests: IntakeRequest[], results: IntakeResult[]): Candidate[] {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const [index, { shop, order }] of requests.entries()) {
    const key = `${shop} ${order.id}`;
    if (seen.has(key)) results[index] = { status: "duplicate" };
    else {
      seen.add(key);
      candidates.push({ index, shop, order, topId: randomUUID() });
    }
  }
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return candidates.sort((a, b) => byKey(a.shop, b.shop) || byKey(a.order.id, b.order.id));
}

/** A row of the claim: its kind says which of the other columns it fills. */
interface ClaimRow {
  /** shop | link | receipt | seller | listing | balance | known */
  kind: string;
  /** shop: its domain; link: the shop's domain; receipt, known: "shop shopifyOrderId"; listing: its id; balance: "userId itemId" */
  key: string;
  /** shop, link: the seller */
  user_id: string | null;
  /** shop: "true" when the seller has something to follow up (inventory sync, Discord) */
  follow_up: string | null;
  /** link: the listing, its game, the Shopify variant and one of its items */
  listing_id: string | null;
  game: string | null;
  variant_id: string | null;
  item_id: string | null;
  /** link: the item's units per listing unit; listing: its stock; balance: the available units */
  quantity: number;
  /** balance: the reserved units */
  reserved: number;
}

/**
 * The first round trip: everything the batch decides on, with the rows it will change locked. Its parts, in the
 * order UNION ALL runs them:
 *  1. `delivery`, `delivery_line`: the batch's deliveries and their variant lines (parameters);
 *  2. `seller_shop`: the connected shops among them, with their seller and whether the seller has a follow-up;
 *  3. `linked_line`: the active listings those variants are linked to, one row per listing item;
 *  4. `receipt`: the idempotency receipts inserted (a delivery already received drops out); the top order id is
 *     set only when something is linked, as the orders below follow;
 *  5. `locked_seller`, `locked_listing`, `locked_balance`: the rows the new orders draw on, locked in id order: the
 *     sellers (the share lock the orders' foreign key takes anyway, taken before any balance, as the ledger does),
 *     listing stock, inventory balances;
 *  6. `known`: deliveries whose lifecycle webhooks (paid, cancelled, refunds) arrived first (an index probe each).
 */
function claimStatement(candidates: Candidate[]): Statement {
  const lines = candidates.flatMap((c, i) =>
    c.order.line_items.flatMap((l) =>
      l.variant_id && l.quantity > 0 ? [[i + 1, l.variant_id] as const] : [],
    ),
  );
  return {
    name: "intake_claim",
    text: `WITH delivery AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[]) WITH ORDINALITY
         AS delivery(shop, shopify_order_id, top_id, position)
     ), delivery_line AS (
       SELECT * FROM unnest($4::int[], $5::text[]) AS delivery_line(position, variant)
     ), seller_shop AS (
       SELECT s.domain, s.user_id,
              'write_inventory' = ANY (string_to_array(s.scopes, ','))
                OR (u.discord_webhook_url IS NOT NULL AND u.discord_notifications_enabled) AS follow_up
         FROM shops s JOIN users u ON u.id = s.user_id
        WHERE s.domain IN (SELECT shop FROM delivery) AND s.uninstalled_at IS NULL
     ), linked_line AS (
       SELECT ss.domain, ss.user_id, l.id AS listing_id, l.game, l.shopify_variant_id, li.item_id, li.quantity
         FROM seller_shop ss JOIN listings l ON l.user_id = ss.user_id AND l.is_active
         JOIN listing_items li ON li.listing_id = l.id
        WHERE l.shopify_variant_id IN (SELECT variant FROM delivery_line)
     ), receipt AS (
       INSERT INTO shopify_order_receipts (shop_domain, shopify_order_id, order_id)
       SELECT d.shop, d.shopify_order_id,
              CASE WHEN EXISTS (SELECT 1 FROM delivery_line dl
                                  JOIN linked_line ll ON ll.shopify_variant_id = dl.variant
                                 WHERE dl.position = d.position AND ll.domain = d.shop) THEN d.top_id END
         FROM delivery d JOIN seller_shop ss ON ss.domain = d.shop
        ORDER BY d.position
       ON CONFLICT DO NOTHING RETURNING shop_domain, shopify_order_id
     ), locked_seller AS (
       SELECT id FROM users WHERE id IN (SELECT user_id FROM seller_shop) ORDER BY id FOR KEY SHARE
     ), locked_listing AS (
       SELECT id, stock_quantity FROM listings WHERE id IN (SELECT listing_id FROM linked_line)
        ORDER BY id FOR NO KEY UPDATE
     ), locked_balance AS (
       SELECT user_id, item_id, available, reserved FROM inventory_balances
        WHERE (user_id, item_id) IN (SELECT user_id, item_id FROM linked_line)
        ORDER BY user_id, item_id FOR NO KEY UPDATE
     ), known AS (
       SELECT shop_domain || ' ' || shopify_order_id AS key FROM shopify_order_states
        WHERE (shop_domain, shopify_order_id) IN (SELECT shop, shopify_order_id FROM delivery)
       UNION SELECT shop_domain || ' ' || shopify_order_id FROM shopify_refunds
        WHERE (shop_domain, shopify_order_id) IN (SELECT shop, shopify_order_id FROM delivery) AND applied_at IS NULL
     )
     SELECT 'shop' AS kind, domain AS key, user_id::text AS user_id, follow_up::text AS follow_up,
            NULL AS listing_id, NULL AS game, NULL AS variant_id, NULL AS item_id, 0 AS quantity, 0 AS reserved
       FROM seller_shop
     UNION ALL SELECT 'link', domain, user_id::text, NULL, listing_id::text, game, shopify_variant_id, item_id::text,
                      quantity, 0
       FROM linked_line
     UNION ALL SELECT 'receipt', shop_domain || ' ' || shopify_order_id, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0
       FROM receipt
     UNION ALL SELECT 'seller', id::text, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0 FROM locked_seller
     UNION ALL SELECT 'listing', id::text, NULL, NULL, NULL, NULL, NULL, NULL, stock_quantity, 0 FROM locked_listing
     UNION ALL SELECT 'balance', user_id || ' ' || item_id, NULL, NULL, NULL, NULL, NULL, NULL, available, reserved
       FROM locked_balance
     UNION ALL SELECT 'known', key, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0 FROM known`,
    values: [
      candidates.map((c) => c.shop),
      candidates.map((c) => c.order.id),
      candidates.map((c) => c.topId),
      lines.map(([position]) => position),
      lines.map(([, variant]) => variant),
    ],
  };
}

/** The claim's rows, by kind. */
function readClaim(rows: ClaimRow[]) {
  const sellerOf = new Map<string, string>();
  const followedUp = new Set<string>();
  const linkedByShop = new Map<string, LinkedRow[]>();
  const fresh = new Set<string>();
  const known = new Set<string>();
  const stock = new Map<string, number>();
  // The balances as locked (for the ledger), and each seller's available items as the batch is allocated.
  const locked = new Map<string, Balance>();
  const availableBySeller = new Map<string, Map<string, number>>();
  for (const r of rows) {
    if (r.kind === "shop") {
      sellerOf.set(r.key, r.user_id as string);
      if (r.follow_up === "true") followedUp.add(r.user_id as string);
    } else if (r.kind === "link") {
      const linked = linkedByShop.get(r.key) ?? [];
      linked.push({
        domain: r.key,
        user_id: r.user_id as string,
        listing_id: r.listing_id,
        game: r.game,
        shopify_variant_id: r.variant_id,
        item_id: r.item_id,
        quantity: Number(r.quantity),
      });
      linkedByShop.set(r.key, linked);
    } else if (r.kind === "receipt") fresh.add(r.key);
    else if (r.kind === "known") known.add(r.key);
    else if (r.kind === "listing") stock.set(r.key, Number(r.quantity));
    else if (r.kind === "balance") {
      locked.set(r.key, { available: Number(r.quantity), reserved: Number(r.reserved) });
      const [userId = missing("the key's user id"), itemId = missing("the key's item id")] = r.key.split(" ");
      const available = availableBySeller.get(userId) ?? new Map<string, number>();
      available.set(itemId, Number(r.quantity));
      availableBySeller.set(userId, available);
    }
  }
  return { sellerOf, followedUp, linkedByShop, fresh, known, stock, locked, availableBySeller };
}

/**
 * The second round trip's writes, in one statement: listing stock lowered, the orders and their items inserted
 * (`orderInserts`), then the reservations (the ledger's statements). Its text depends only on whether anything is
 * reserved, so PostgreSQL plans it once per connection (a prepared statement).
 */
function writeStatement(
  sold: Map<string, number>,
  drafts: OrderDraft[],
  locked: Map<string, Balance>,
  moves: Movement[],
): { statement: Statement; reserved: MovementWrites } {
  const sales = columnsOf([...sold], 2);
  const inserts = orderInserts(drafts, sales.length);
  const values = [...sales, ...inserts.values];
  const reserved = movementWrites(locked, moves, values.length);
  // allocate() already decided the reservations against the same balances, so a refusal would be a bug.
  if (reserved.outcomes.some((o) => !o.applied)) throw new Error("Reservation refused after allocation");
  const statement = {
    name: reserved.ctes ? "intake_write_reserving" : "intake_write",
    text: `WITH stock_sold AS (
         UPDATE listings SET stock_quantity = listings.stock_quantity - sale.units
           FROM unnest($1::uuid[], $2::int[]) AS sale(listing_id, units)
          WHERE listings.id = sale.listing_id
         RETURNING 1
       ), ${inserts.ctes}${reserved.ctes ? `, ${reserved.ctes}` : ""}
       SELECT ${reserved.ctes ? "(SELECT count(*) FROM ledger_u)::int" : "0"} AS n`,
    values: [...values, ...reserved.params],
  };
  return { statement, reserved };
}

/**
 * Turns orders/create deliveries into Autodrop orders (decision 007, docs/order-lifecycle.md), several per transaction:
 * idempotent on (shop, Shopify order id); one order per game (a parent when there are several); items reserved and
 * listing stock lowered, or failed_no_stock with nothing reserved, decided in arrival order. The statements are
 * set-based and prepared, and run as a script transaction (decision 011), so a batch costs two round trips whatever
 * its size and number of sellers: on a small machine the round trips and planning, not the work, bound the intake
 * rate. Rows are locked in id order (receipts, sellers, listings, balances), so concurrent batches cannot oversell
 * or deadlock.
 *
 * The plan:
 *  1. in memory: the batch's distinct deliveries, in key order (`distinctDeliveries`);
 *  2. round trip 1 (BEGIN + `claimStatement`): shops, linked listings, receipts, and the rows to change, locked;
 *  3. in memory: which deliveries are new, their orders per game, which are served (`allocate`, arrival order),
 *     the order and item rows, each seller's reservations;
 *  4. round trip 2 (`writeStatement`, the "orders.created" job for sellers with a follow-up, COMMIT);
 *  5. after the commit: the realtime events.
 */
async function ingestShopifyOrders(ctx: AppContext, requests: IntakeRequest[]): Promise<IntakeResult[]> {
  const results: IntakeResult[] = requests.map(() => ({ status: "ignored", reason: "unknown_shop" }));
  const candidates = distinctDeliveries(requests, results);

  const published: { userId: string; served: boolean }[] = [];
  await ctx.database.scriptTransaction(async (t) => {
    const claim = readClaim(await t.first<ClaimRow>(claimStatement(candidates)));
    const pending: Pending[] = candidates.flatMap((c) => {
      const userId = claim.sellerOf.get(c.shop);
      if (userId === undefined) return [];
      const games = groupByGame(c.order, claim.linkedByShop.get(c.shop) ?? []);
      // The receipt names the purchase's top order: the parent of several games, else the game's own order.
      if (games.length === 1) at(games, 0).id = c.topId;
      return [{ ...c, userId, games, multiGame: games.length > 1 }];
    });
    const drafts: OrderDraft[] = [];
    const sold = new Map<string, number>();
    const events: OrderCreatedEvent[] = [];
    const taken = pending
      .filter((p) => claim.fresh.has(`${p.shop} ${p.order.id}`))
      .sort((a, b) => a.index - b.index);
    for (const p of pending)
      if (!claim.fresh.has(`${p.shop} ${p.order.id}`)) results[p.index] = { status: "duplicate" };
    for (const p of taken) {
      if (p.games.length === 0) {
        results[p.index] = { status: "ignored", reason: "no_linked_products" };
        continue;
      }
      allocate(p.games, claim.stock, claim.availableBySeller.get(p.userId) ?? new Map());
      const served = p.games.filter((g) => g.ok);
      const listingSales = new Map<string, number>();
      for (const g of served) for (const [id, units] of g.listingUnits) add(listingSales, id, units);
      for (const [id, units] of listingSales) add(sold, id, units);

      const email = p.order.email || p.order.contact_email || p.order.customer?.email || null;
      const number =
        p.order.order_number !== undefined
          ? String(p.order.order_number)
          : (p.order.name?.replace(/^#/, "") ?? null);
      // An unpaid purchase keeps its items reserved but cannot be claimed until orders/paid (decision 028).
      const paid = isPaid(p.order.financial_status);
      const draft = (
        id: string,
        parent: string | null,
        ok: boolean,
        game: string | null,
        cents: bigint,
        key: boolean,
        items: OrderDraft["items"],
      ): OrderDraft => ({
        id,
        userId: p.userId,
        source: "shopify",
        parentOrderId: parent,
        status: ok ? (paid ? "unclaimed" : "awaiting_payment") : "failed_no_stock",
        game,
        shopDomain: p.shop,
        shopifyOrderId: p.order.id,
        shopifyOrderNumber: number,
        customerEmail: email,
        totalAmount: centsToDecimal(cents),
        authKey: key ? newAuthKey() : null,
        paymentPending: !paid,
        items,
      });
      if (p.multiGame) {
        const total = p.games.reduce((sum, g) => sum + g.cents, 0n);
        drafts.push(draft(p.topId, null, served.length > 0, null, total, true, []));
      }
      for (const g of p.games) {
        const items = [...g.lines].map(([key, quantity]) => {
          const [listingId, itemId = missing("the line key's item id")] = key.split(" ");
          return { itemId, listingId, quantity };
        });
        drafts.push(draft(g.id, p.multiGame ? p.topId : null, g.ok, g.game, g.cents, !p.multiGame, items));
      }
      const orderIds = [...(p.multiGame ? [p.topId] : []), ...p.games.map((g) => g.id)];
      events.push({ userId: p.userId, orderIds, listingIds: [...listingSales.keys()] });
      published.push({ userId: p.userId, served: served.length > 0 });
      results[p.index] = {
        status: "created",
        orderIds,
        failedNoStock: p.games.length - served.length,
        known: claim.known.has(`${p.shop} ${p.order.id}`),
      };
    }
    if (drafts.length === 0) {
      await t.last([]);
      return;
    }

    // Every seller's reservations, a movement per served order, on the balances locked above.
    const moves = taken.flatMap((p) =>
      p.games
        .filter((g) => g.ok)
        .map((g) => ({
          userId: p.userId,
          kind: "reservation" as const,
          lines: [...g.items].map(([itemId, quantity]) => ({ itemId, quantity })),
          ref: { orderId: g.id },
        })),
    );
    const { statement, reserved } = writeStatement(sold, drafts, claim.locked, moves);
    // The orders.created job commits with the orders, in the same round trip. Its listeners act for sellers whose
    // store syncs inventory or who turned Discord notifications on; for the others there is nothing to queue.
    const followUps = events.filter((e) => claim.followedUp.has(e.userId));
    const job = followUps.length
      ? [await ctx.jobs.sendManyStatement<OrderCreatedBatch>(ORDER_CREATED_JOB, [{ events: followUps }])]
      : [];
    const [written = missing("the movement count")] = await t.last([statement, ...job]);
    checkMovementWrites(reserved, Number(at(written, 0).n));
  });

  // Realtime events follow the commit: a NOTIFY inside the transaction would hold PostgreSQL's notification lock
  // through the commit's WAL flush and serialize all intake. They are hints to refresh: they go with the window's
  // others (EventBus.hint), not awaited.
  const notify = new Map<string, boolean>();
  for (const e of published) notify.set(e.userId, (notify.get(e.userId) ?? false) || e.served);
  const realtime = [...notify].flatMap(([userId, served]) =>
    (served ? (["orders", "inventory", "listings"] as const) : (["orders"] as const)).map((type) => ({
      userId,
      type,
    })),
  );
  ctx.events.hint(realtime);
  return results;
}

/** One delivery, on its own (the batcher's fallback, the demo seed). */
export async function ingestShopifyOrder(
  ctx: AppContext,
  shop: string,
  order: OrderWebhook,
): Promise<IntakeResult> {
  const [result = missing("the order's intake result")] = await ingestShopifyOrders(ctx, [{ shop, order }]);
  return result;
}

/**
 * The webhook's batcher (group commit, `LaneBatcher`): deliveries arriving together are ingested in one
 * transaction, split by store into two lanes under a backlog. A store belongs to one seller, so lanes never wait
 * on each other's locks, and each store's orders are decided in arrival order.
 */
export function intakeBatcher(ctx: AppContext): LaneBatcher<IntakeRequest, IntakeResult> {
  return new LaneBatcher({
    runBatch: (requests) => ingestShopifyOrders(ctx, requests),
    runOne: (request) => ingestShopifyOrder(ctx, request.shop, request.order),
    laneKey: (request) => request.shop,
  });
}
