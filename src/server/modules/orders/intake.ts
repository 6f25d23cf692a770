import { randomBytes, randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import { txSql } from "../../db/client.js";
import { centsToDecimal, type OrderWebhook, toCents } from "../../integrations/shopify/payload.js";
import { applyMovements, type ItemQuantity } from "../inventory/ledger.js";
import { ORDER_CREATED_JOB, type OrderCreatedBatch, type OrderCreatedEvent } from "./events.js";

export type IntakeResult =
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

/** Builds "($1, $2, ...), ($n, ...)" for multi-row statements. */
function valuesList(rows: unknown[][], params: unknown[], casts: string[]): string {
  return rows
    .map((row) => `(${row.map((v, i) => `$${params.push(v)}${casts[i] ? `::${casts[i]}` : ""}`).join(", ")})`)
    .join(", ");
}

export interface IntakeRequest {
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
  topId: string | null;
  multiGame: boolean;
}

/**
 * Turns orders/create deliveries into Autodrop orders (design.md, Shopify orders), several per transaction:
 * idempotent on (shop, Shopify order id); one order per game (a parent when there are several); items reserved and
 * listing stock lowered, or failed_no_stock with nothing reserved, decided in arrival order. The statements are
 * set-based, so a batch costs a handful of round trips whatever its size and number of sellers: on a small
 * machine the round trips, not the work, bound the intake rate. Rows are locked in id order (receipts, sellers, listings, balances),
 * so concurrent batches cannot oversell or deadlock. The "orders.created" job commits with the orders; the
 * realtime events follow the commit.
 */
export async function ingestShopifyOrders(
  ctx: AppContext,
  requests: IntakeRequest[],
): Promise<IntakeResult[]> {
  const results: IntakeResult[] = requests.map(() => ({ status: "ignored", reason: "unknown_shop" }));
  const shops = [...new Set(requests.map((r) => r.shop))];
  const variantIds = [
    ...new Set(
      requests.flatMap((r) =>
        r.order.line_items.flatMap((l) => (l.variant_id && l.quantity > 0 ? [l.variant_id] : [])),
      ),
    ),
  ];
  const { rows: linked } = await ctx.database.raw.query<LinkedRow>(
    `SELECT s.domain, s.user_id, l.id AS listing_id, l.game, l.shopify_variant_id, li.item_id, li.quantity
       FROM shops s
       LEFT JOIN listings l ON l.user_id = s.user_id AND l.is_active AND l.shopify_variant_id = ANY($2::text[])
       LEFT JOIN listing_items li ON li.listing_id = l.id
      WHERE s.domain = ANY($1::text[]) AND s.uninstalled_at IS NULL`,
    [shops, variantIds],
  );
  const seen = new Set<string>();
  const pending: Pending[] = [];
  for (const [index, { shop, order }] of requests.entries()) {
    const rows = linked.filter((r) => r.domain === shop);
    if (rows.length === 0) continue;
    const key = `${shop} ${order.id}`;
    if (seen.has(key)) {
      results[index] = { status: "duplicate" };
      continue;
    }
    seen.add(key);
    const games = groupByGame(order, rows);
    const multiGame = games.length > 1;
    pending.push({
      index,
      shop,
      order,
      userId: rows[0].user_id,
      games,
      multiGame,
      topId: multiGame ? randomUUID() : (games[0]?.id ?? null),
    });
  }
  if (pending.length === 0) return results;
  // Receipts are inserted in key order too, so two batches holding the same orders wait rather than deadlock.
  pending.sort(
    (a, b) => a.shop.localeCompare(b.shop) || a.order.id.localeCompare(b.order.id) || a.index - b.index,
  );

  const published: { userId: string; served: boolean }[] = [];
  await ctx.db.transaction(async (tx) => {
    const q = txSql(tx);
    const listingIds = [
      ...new Set(pending.flatMap((p) => p.games.flatMap((g) => [...g.listingUnits.keys()]))),
    ].sort();
    const balanceKeys = [
      ...new Set(
        pending.flatMap((p) => p.games.flatMap((g) => [...g.items.keys()].map((i) => `${p.userId} ${i}`))),
      ),
    ].sort();
    const receiptParams: unknown[] = [];
    const receiptValues = valuesList(
      pending.map((p) => [p.shop, p.order.id, p.topId]),
      receiptParams,
      ["", "", "uuid"],
    );
    const n = receiptParams.length;
    // One round trip: the receipts (duplicates drop out), then the rows the new orders draw on, locked in id order:
    // the sellers (the share lock the orders' foreign key takes anyway, taken before any balance, as the ledger
    // does), listing stock, balances.
    const claimed = await q.query(
      `WITH r AS (
         INSERT INTO shopify_order_receipts (shop_domain, shopify_order_id, order_id) VALUES ${receiptValues}
         ON CONFLICT DO NOTHING RETURNING shop_domain, shopify_order_id
       ), u AS (
         SELECT id FROM users WHERE id = ANY($${n + 4}::uuid[]) ORDER BY id FOR KEY SHARE
       ), l AS (
         SELECT id, stock_quantity FROM listings WHERE id = ANY($${n + 1}::uuid[]) ORDER BY id FOR NO KEY UPDATE
       ), b AS (
         SELECT user_id, item_id, available FROM inventory_balances
          WHERE (user_id, item_id) IN (SELECT * FROM unnest($${n + 2}::uuid[], $${n + 3}::uuid[]))
          ORDER BY user_id, item_id FOR NO KEY UPDATE
       )
       SELECT 'r' AS kind, shop_domain || ' ' || shopify_order_id AS id, 0 AS n FROM r
       UNION ALL SELECT 'u', id::text, 0 FROM u
       UNION ALL SELECT 'l', id::text, stock_quantity FROM l
       UNION ALL SELECT 'b', user_id || ' ' || item_id, available FROM b`,
      [
        ...receiptParams,
        listingIds,
        balanceKeys.map((k) => k.split(" ")[0]),
        balanceKeys.map((k) => k.split(" ")[1]),
        [...new Set(pending.map((p) => p.userId))],
      ],
    );
    const fresh = new Set(claimed.rows.filter((r) => r.kind === "r").map((r) => r.id as string));
    const stock = new Map(
      claimed.rows.filter((r) => r.kind === "l").map((r) => [r.id as string, Number(r.n)]),
    );
    const balances = new Map(
      claimed.rows.filter((r) => r.kind === "b").map((r) => [r.id as string, Number(r.n)]),
    );

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
      const available = new Map(
        [...balances].filter(([k]) => k.startsWith(`${p.userId} `)).map(([k, v]) => [k.split(" ")[1], v]),
      );
      allocate(p.games, stock, available);
      for (const [itemId, v] of available) balances.set(`${p.userId} ${itemId}`, v);
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
        orderRows.push(row(p.topId!, null, served.length > 0, null, total, true));
      }
      for (const g of p.games) {
        orderRows.push(row(g.id, p.multiGame ? p.topId : null, g.ok, g.game, g.cents, !p.multiGame));
        for (const [key, qty] of g.lines) {
          const [listingId, itemId] = key.split(" ");
          itemRows.push([g.id, itemId, listingId, qty]);
        }
      }
      const orderIds = [...(p.multiGame ? [p.topId!] : []), ...p.games.map((g) => g.id)];
      events.push({ userId: p.userId, orderIds, listingIds: [...listingSales.keys()] });
      published.push({ userId: p.userId, served: served.length > 0 });
      results[p.index] = { status: "created", orderIds, failedNoStock: p.games.length - served.length };
    }
    if (orderRows.length === 0) return;

    // One round trip for the writes: listing stock, the orders and their items.
    const params: unknown[] = [];
    const stockCte = sold.size
      ? `s AS (UPDATE listings SET stock_quantity = listings.stock_quantity - v.n
                 FROM (VALUES ${valuesList([...sold], params, ["uuid", "int"])}) AS v(id, n)
                WHERE listings.id = v.id RETURNING 1),`
      : "";
    const orderValues = valuesList(orderRows, params, [
      "uuid",
      "uuid",
      "uuid",
      "",
      "",
      "",
      "",
      "",
      "",
      "numeric",
    ]);
    const itemValues = valuesList(itemRows, params, ["uuid", "uuid", "uuid", "int"]);
    await q.query(
      `WITH ${stockCte} o AS (
         INSERT INTO orders (id, user_id, parent_order_id, status, game, shop_domain, shopify_order_id,
                             shopify_order_number, customer_email, total_amount, auth_key, source)
         SELECT v.*, 'shopify' FROM (VALUES ${orderValues})
           AS v(id, user_id, parent_order_id, status, game, shop_domain, shopify_order_id, shopify_order_number,
                customer_email, total_amount, auth_key)
         RETURNING 1
       )
       INSERT INTO order_items (order_id, item_id, listing_id, quantity) VALUES ${itemValues}`,
      params,
    );

    // Every seller's reservations in one call, a movement per served order. allocate() already decided them
    // against the balances locked above, so a refusal here would be a bug: it fails the batch.
    const outcomes = await applyMovements(
      tx,
      taken.flatMap((p) =>
        p.games
          .filter((g) => g.ok)
          .map((g) => ({
            userId: p.userId,
            kind: "reservation" as const,
            lines: [...g.items].map(([itemId, quantity]) => ({ itemId, quantity })),
            ref: { orderId: g.id },
          })),
      ),
    );
    if (outcomes.some((o) => !o.applied)) throw new Error("Reservation refused after allocation");
    await ctx.jobs.send<OrderCreatedBatch>(ORDER_CREATED_JOB, { events }, { tx });
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

interface Waiting {
  request: IntakeRequest;
  resolve: (r: IntakeResult) => void;
  reject: (e: unknown) => void;
}

/** A lane's batches run one at a time: a request waits at most for the batch running, then goes in the next one. */
class IntakeLane {
  private queue: Waiting[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private ctx: AppContext,
    private maxBatch: number,
  ) {}

  submit(waiting: Waiting): void {
    this.queue.push(waiting);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.queue.length === 0) return;
    this.scheduled = true;
    // Let the requests parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (!this.running && this.queue.length > 0) void this.run(this.queue.splice(0, this.maxBatch));
    });
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.running = true;
    try {
      const results = await ingestShopifyOrders(
        this.ctx,
        batch.map((b) => b.request),
      );
      for (const [i, b] of batch.entries()) b.resolve(results[i]);
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else {
        for (const b of batch)
          await ingestShopifyOrder(this.ctx, b.request.shop, b.request.order).then(b.resolve, b.reject);
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}

/** A stable lane per shop, so one store's orders are always decided in arrival order. */
export function laneOf(shop: string, lanes: number): number {
  let h = 0;
  for (let i = 0; i < shop.length; i++) h = (h * 31 + shop.charCodeAt(i)) >>> 0;
  return h % lanes;
}

/**
 * Groups concurrent webhook deliveries into batches (group commit). At low traffic each request is a batch of one;
 * under load a batch holds what arrived while the previous one ran. A batch that fails is retried one request at a
 * time, so a poison order fails alone. On PostgreSQL, shops are split over two lanes that run side by side: their
 * batches lock different sellers' rows, so each one's round trips overlap the other's work instead of queueing
 * behind it (PGlite has one connection, so one lane).
 */
export class IntakeBatcher {
  private lanes: IntakeLane[];

  constructor(
    ctx: AppContext,
    limits = { maxBatch: 200, lanes: ctx.database.driver === "postgres" ? 2 : 1 },
  ) {
    this.lanes = Array.from({ length: limits.lanes }, () => new IntakeLane(ctx, limits.maxBatch));
  }

  submit(request: IntakeRequest): Promise<IntakeResult> {
    return new Promise((resolve, reject) => {
      this.lanes[laneOf(request.shop, this.lanes.length)].submit({ request, resolve, reject });
    });
  }
}
