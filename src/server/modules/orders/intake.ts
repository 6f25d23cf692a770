import { randomBytes, randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import { columnsOf } from "../../db/unnest.js";
import { centsToDecimal, type OrderWebhook, toCents } from "../../integrations/shopify/index.js";
import { type Balance, checkMovementWrites, type ItemQuantity, movementWrites } from "../inventory/index.js";
import { LaneBatcher } from "./batcher.js";
import { ORDER_CREATED_JOB, type OrderCreatedBatch, type OrderCreatedEvent } from "./events.js";

type IntakeResult =
  | { status: "created"; orderIds: string[]; failedNoStock: number }
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

const newAuthKey = () => randomBytes(24).toString("base64url");

function add(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * Groups the purchase's linked lines by game (design.md: one order per game). Each line sells `quantity` units of
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

/** One request of a batch on its way through the transaction. */
interface Pending {
  index: number;
  shop: string;
  order: OrderWebhook;
  userId: string;
  games: GameOrder[];
  /** The purchase's top order: the parent when it spans games, else its one game order. */
  topId: string;
  multiGame: boolean;
}

/**
 * Turns orders/create deliveries into Autodrop orders (design.md, Shopify orders), several per transaction:
 * idempotent on (shop, Shopify order id); one order per game (a parent when there are several); items reserved and
 * listing stock lowered, or failed_no_stock with nothing reserved, decided in arrival order. The statements are
 * set-based and prepared, and run as a script transaction (decision 011), so a batch costs two round trips whatever
 * its size and number of sellers: on a small machine the round trips and planning, not the work, bound the intake
 * rate. Rows are locked in id order (receipts, sellers, listings, balances), so concurrent batches cannot oversell
 * or deadlock. The "orders.created" job commits with the orders; the realtime events follow the commit.
 */
async function ingestShopifyOrders(ctx: AppContext, requests: IntakeRequest[]): Promise<IntakeResult[]> {
  const results: IntakeResult[] = requests.map(() => ({ status: "ignored", reason: "unknown_shop" }));
  // The same order twice in one batch is one order: the later deliveries are duplicates.
  const seen = new Set<string>();
  const candidates: { index: number; shop: string; order: OrderWebhook; topId: string }[] = [];
  for (const [index, { shop, order }] of requests.entries()) {
    const key = `${shop} ${order.id}`;
    if (seen.has(key)) results[index] = { status: "duplicate" };
    else {
      seen.add(key);
      candidates.push({ index, shop, order, topId: randomUUID() });
    }
  }
  // Receipts are inserted in key order, so two batches holding the same orders wait rather than deadlock.
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  candidates.sort((a, b) => byKey(a.shop, b.shop) || byKey(a.order.id, b.order.id));
  const lines = candidates.flatMap((c, i) =>
    c.order.line_items.flatMap((l) =>
      l.variant_id && l.quantity > 0 ? [[i + 1, l.variant_id] as const] : [],
    ),
  );

  const published: { userId: string; served: boolean }[] = [];
  await ctx.database.scriptTransaction(async (t) => {
    // One round trip: the shops and the listings the lines are linked to; the receipts (duplicates drop out; the
    // top order id only when something is linked, as the orders below follow); then the rows the new orders draw
    // on, locked in id order: the sellers (the share lock the orders' foreign key takes anyway, taken before any
    // balance, as the ledger does), listing stock, balances. UNION ALL runs its parts in this order.
    const claimed = await t.first<{
      kind: string;
      a: string;
      b: string | null;
      c: string | null;
      d: string | null;
      e: string | null;
      n: number;
      m: number;
    }>({
      name: "intake_claim",
      text: `WITH v AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[]) WITH ORDINALITY AS v(shop, shopify_order_id, top_id, i)
       ), lv AS (
         SELECT * FROM unnest($4::int[], $5::text[]) AS lv(i, variant)
       ), k AS (
         SELECT s.domain, s.user_id,
                'write_inventory' = ANY (string_to_array(s.scopes, ','))
                  OR (u.discord_webhook_url IS NOT NULL AND u.discord_notifications_enabled) AS follow_up
           FROM shops s JOIN users u ON u.id = s.user_id
          WHERE s.domain IN (SELECT shop FROM v) AND s.uninstalled_at IS NULL
       ), lk AS (
         SELECT k.domain, k.user_id, l.id AS listing_id, l.game, l.shopify_variant_id, li.item_id, li.quantity
           FROM k JOIN listings l ON l.user_id = k.user_id AND l.is_active
           JOIN listing_items li ON li.listing_id = l.id
          WHERE l.shopify_variant_id IN (SELECT variant FROM lv)
       ), r AS (
         INSERT INTO shopify_order_receipts (shop_domain, shopify_order_id, order_id)
         SELECT v.shop, v.shopify_order_id,
                CASE WHEN EXISTS (SELECT 1 FROM lv JOIN lk ON lk.shopify_variant_id = lv.variant
                                   WHERE lv.i = v.i AND lk.domain = v.shop) THEN v.top_id END
           FROM v JOIN k ON k.domain = v.shop
          ORDER BY v.i
         ON CONFLICT DO NOTHING RETURNING shop_domain, shopify_order_id
       ), u AS (
         SELECT id FROM users WHERE id IN (SELECT user_id FROM k) ORDER BY id FOR KEY SHARE
       ), l AS (
         SELECT id, stock_quantity FROM listings WHERE id IN (SELECT listing_id FROM lk) ORDER BY id FOR NO KEY UPDATE
       ), b AS (
         SELECT user_id, item_id, available, reserved FROM inventory_balances
          WHERE (user_id, item_id) IN (SELECT user_id, item_id FROM lk)
          ORDER BY user_id, item_id FOR NO KEY UPDATE
       )
       SELECT 'k' AS kind, domain AS a, user_id::text AS b, follow_up::text AS c, NULL AS d, NULL AS e, 0 AS n, 0 AS m
         FROM k
       UNION ALL SELECT 'x', domain, user_id::text, listing_id::text, game, shopify_variant_id || ' ' || item_id,
                        quantity, 0 FROM lk
       UNION ALL SELECT 'r', shop_domain || ' ' || shopify_order_id, NULL, NULL, NULL, NULL, 0, 0 FROM r
       UNION ALL SELECT 'u', id::text, NULL, NULL, NULL, NULL, 0, 0 FROM u
       UNION ALL SELECT 'l', id::text, NULL, NULL, NULL, NULL, stock_quantity, 0 FROM l
       UNION ALL SELECT 'b', user_id || ' ' || item_id, NULL, NULL, NULL, NULL, available, reserved FROM b`,
      values: [
        candidates.map((c) => c.shop),
        candidates.map((c) => c.order.id),
        candidates.map((c) => c.topId),
        lines.map(([i]) => i),
        lines.map(([, variant]) => variant),
      ],
    });
    // The claim's rows, by kind (see the UNION ALL above).
    const sellerOf = new Map<string, string>();
    const followedUp = new Set<string>();
    const linkedByShop = new Map<string, LinkedRow[]>();
    const fresh = new Set<string>();
    const stock = new Map<string, number>();
    // The balances as locked (for the ledger), and each seller's available items as the batch is allocated.
    const locked = new Map<string, Balance>();
    const availableBySeller = new Map<string, Map<string, number>>();
    for (const r of claimed) {
      if (r.kind === "k") {
        sellerOf.set(r.a, r.b as string);
        if (r.c === "true") followedUp.add(r.b as string);
      } else if (r.kind === "x") {
        const [variant, itemId] = (r.e as string).split(" ");
        const rows = linkedByShop.get(r.a) ?? [];
        rows.push({
          domain: r.a,
          user_id: r.b as string,
          listing_id: r.c,
          game: r.d,
          shopify_variant_id: variant,
          item_id: itemId,
          quantity: Number(r.n),
        });
        linkedByShop.set(r.a, rows);
      } else if (r.kind === "r") fresh.add(r.a);
      else if (r.kind === "l") stock.set(r.a, Number(r.n));
      else if (r.kind === "b") {
        locked.set(r.a, { available: Number(r.n), reserved: Number(r.m) });
        const [userId, itemId] = r.a.split(" ");
        const available = availableBySeller.get(userId) ?? new Map<string, number>();
        available.set(itemId, Number(r.n));
        availableBySeller.set(userId, available);
      }
    }
    const pending: Pending[] = candidates.flatMap(({ index, shop, order, topId }) => {
      const userId = sellerOf.get(shop);
      if (userId === undefined) return [];
      const games = groupByGame(order, linkedByShop.get(shop) ?? []);
      // The receipt names the purchase's top order: the parent of several games, else the game's own order.
      if (games.length === 1) games[0].id = topId;
      return [{ index, shop, order, userId, games, multiGame: games.length > 1, topId }];
    });
    const orderRows: unknown[][] = [];
    const itemRows: unknown[][] = [];
    const sold = new Map<string, number>();
    const events: OrderCreatedEvent[] = [];
    const taken = pending
      .filter((p) => fresh.has(`${p.shop} ${p.order.id}`))
      .sort((a, b) => a.index - b.index);
    for (const p of pending)
      if (!fresh.has(`${p.shop} ${p.order.id}`)) results[p.index] = { status: "duplicate" };
    for (const p of taken) {
      if (p.games.length === 0) {
        results[p.index] = { status: "ignored", reason: "no_linked_products" };
        continue;
      }
      allocate(p.games, stock, availableBySeller.get(p.userId) ?? new Map());
      const served = p.games.filter((g) => g.ok);
      const listingSales = new Map<string, number>();
      for (const g of served) for (const [id, units] of g.listingUnits) add(listingSales, id, units);
      for (const [id, units] of listingSales) add(sold, id, units);

      const email = p.order.email || p.order.contact_email || p.order.customer?.email || null;
      const number =
        p.order.order_number !== undefined
          ? String(p.order.order_number)
          : (p.order.name?.replace(/^#/, "") ?? null);
      const row = (
        id: string,
        parent: string | null,
        ok: boolean,
        game: string | null,
        cents: bigint,
        key: boolean,
      ) => [
        id,
        p.userId,
        parent,
        ok ? "unclaimed" : "failed_no_stock",
        game,
        p.shop,
        p.order.id,
        number,
        email,
        centsToDecimal(cents),
        key ? newAuthKey() : null,
      ];
      if (p.multiGame) {
        const total = p.games.reduce((sum, g) => sum + g.cents, 0n);
        orderRows.push(row(p.topId, null, served.length > 0, null, total, true));
      }
      for (const g of p.games) {
        orderRows.push(row(g.id, p.multiGame ? p.topId : null, g.ok, g.game, g.cents, !p.multiGame));
        for (const [key, qty] of g.lines) {
          const [listingId, itemId] = key.split(" ");
          itemRows.push([g.id, itemId, listingId, qty]);
        }
      }
      const orderIds = [...(p.multiGame ? [p.topId] : []), ...p.games.map((g) => g.id)];
      events.push({ userId: p.userId, orderIds, listingIds: [...listingSales.keys()] });
      published.push({ userId: p.userId, served: served.length > 0 });
      results[p.index] = { status: "created", orderIds, failedNoStock: p.games.length - served.length };
    }
    if (orderRows.length === 0) {
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

    // The writes, in one statement: listing stock, the orders and their items, the reservations. Its text depends
    // only on whether anything is reserved, so PostgreSQL plans it once per connection (a prepared statement).
    const values = [...columnsOf([...sold], 2), ...columnsOf(orderRows, 11), ...columnsOf(itemRows, 4)];
    const reserved = movementWrites(locked, moves, values.length);
    // allocate() already decided the reservations against the same balances, so a refusal would be a bug.
    if (reserved.outcomes.some((o) => !o.applied)) throw new Error("Reservation refused after allocation");
    const write = {
      name: reserved.ctes ? "intake_write_reserving" : "intake_write",
      text: `WITH s AS (
           UPDATE listings SET stock_quantity = listings.stock_quantity - v.n
             FROM unnest($1::uuid[], $2::int[]) AS v(id, n)
            WHERE listings.id = v.id
           RETURNING 1
         ), o AS (
           INSERT INTO orders (id, user_id, parent_order_id, status, game, shop_domain, shopify_order_id,
                               shopify_order_number, customer_email, total_amount, auth_key, source)
           SELECT v.*, 'shopify'
             FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[],
                         $10::text[], $11::text[], $12::numeric[], $13::text[])
               AS v(id, user_id, parent_order_id, status, game, shop_domain, shopify_order_id, shopify_order_number,
                    customer_email, total_amount, auth_key)
           RETURNING 1
         ), i AS (
           INSERT INTO order_items (order_id, item_id, listing_id, quantity)
           SELECT * FROM unnest($14::uuid[], $15::uuid[], $16::uuid[], $17::int[])
           RETURNING 1
         )${reserved.ctes ? `, ${reserved.ctes}` : ""}
         SELECT ${reserved.ctes ? "(SELECT count(*) FROM ledger_u)::int" : "0"} AS n`,
      values: [...values, ...reserved.params],
    };
    // The orders.created job commits with the orders, in the same round trip. Its listeners act for sellers whose
    // store syncs inventory or who turned Discord notifications on; for the others there is nothing to queue.
    const followUps = events.filter((e) => followedUp.has(e.userId));
    const job = followUps.length
      ? [await ctx.jobs.sendManyStatement<OrderCreatedBatch>(ORDER_CREATED_JOB, [{ events: followUps }])]
      : [];
    const [written] = await t.last([write, ...job]);
    checkMovementWrites(reserved, Number(written[0].n));
  });

  // Realtime events follow the commit: a NOTIFY inside the transaction would hold PostgreSQL's notification lock
  // through the commit's WAL flush and serialize all intake. They are hints to refresh, so they are not awaited.
  const notify = new Map<string, boolean>();
  for (const e of published) notify.set(e.userId, (notify.get(e.userId) ?? false) || e.served);
  const realtime = [...notify].flatMap(([userId, served]) =>
    (served ? (["orders", "inventory", "listings"] as const) : (["orders"] as const)).map((type) => ({
      userId,
      type,
    })),
  );
  void ctx.events.publishMany(realtime).catch((err) => ctx.log.warn({ err }, "order events not published"));
  return results;
}

/** One delivery, on its own (the batcher's fallback, the demo seed). */
export async function ingestShopifyOrder(
  ctx: AppContext,
  shop: string,
  order: OrderWebhook,
): Promise<IntakeResult> {
  const [result] = await ingestShopifyOrders(ctx, [{ shop, order }]);
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
