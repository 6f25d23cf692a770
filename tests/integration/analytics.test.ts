import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORDERS_CSV_COLUMNS } from "../../src/contract/analytics.js";
import { DASHBOARD_PERIODS } from "../../src/contract/dashboard.js";
import type { OrderStatus } from "../../src/contract/orders.js";
import type { App } from "../../src/server/app.js";
import { txSql } from "../../src/server/db/client.js";
import { at, missing } from "../../src/server/db/rows.js";
import { orderItems, orders } from "../../src/server/db/schema/index.js";
import { foldAnalytics, invalidateDashboardRollups } from "../../src/server/modules/dashboard/index.js";
import { createOrders } from "../../src/server/modules/orders/index.js";
import { apiSeller, bearer } from "./api-fixtures.js";
import { createItem, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Orders of one seller written straight into the table (the triggers see every write, whoever makes it). */
async function placeOrders(
  app: App,
  userId: string,
  list: {
    ago: number;
    total: string;
    status: OrderStatus;
    lines: { itemId: string; quantity: number }[];
    username?: string;
    claimedAfter?: number;
    deliveredAfter?: number;
    refundedAfterDelivery?: boolean;
  }[],
) {
  const now = Date.now();
  const rows = await app.ctx.db
    .insert(orders)
    .values(
      list.map((o) => {
        const createdAt = now - o.ago;
        const claimedAt = o.claimedAfter === undefined ? null : new Date(createdAt + o.claimedAfter);
        return {
          userId,
          source: "shopify" as const,
          game: "mm2",
          status: o.status,
          totalAmount: o.total,
          createdAt: new Date(createdAt),
          robloxUsername: o.username ?? null,
          claimedAt,
          completedAt:
            claimedAt && o.deliveredAfter !== undefined
              ? new Date(claimedAt.getTime() + o.deliveredAfter)
              : null,
          refundedAfterDeliveryAt: o.refundedAfterDelivery ? new Date(now) : null,
        };
      }),
    )
    .returning({ id: orders.id });
  await app.ctx.db
    .insert(orderItems)
    .values(list.flatMap((o, i) => o.lines.map((l) => ({ orderId: at(rows, i).id, ...l }))));
  return rows.map((r) => r.id);
}

/** The analytics rows of a seller, in a stable order, to compare with a rebuild from the orders. */
async function analyticsRows(app: App, userId: string) {
  const out: unknown[] = [];
  for (const table of [
    "analytics_stats",
    "analytics_item_stats",
    "analytics_durations",
    "analytics_buyers",
  ]) {
    const { rows } = await app.ctx.database.raw.query(
      `SELECT to_jsonb(t) - 'user_id' AS r FROM ${table} t WHERE user_id = $1`,
      [userId],
    );
    // Rows the changes took back to nothing are equivalent to no row; a buyer's latest order and spelling only
    // move forward (decision 045), so they are not compared.
    const live = rows
      .map((x) => x.r as Record<string, unknown>)
      .map(({ last_order_at, username, ...r }) => r)
      .filter((r) =>
        Object.entries(r).some(
          ([k, v]) => /orders|units|revenue|^n$|claimed|delivered|failed/.test(k) && Number(v) !== 0,
        ),
      )
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? v : String(v)])),
        ),
      )
      .sort();
    out.push(table, live);
  }
  return out;
}

/** The seller's rows still in the delta tables, not yet folded. */
async function unfolded(app: App, userId: string) {
  const { rows } = await app.ctx.database.raw.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM analytics_stats_delta WHERE user_id = $1)
          + (SELECT count(*) FROM analytics_item_stats_delta WHERE user_id = $1)
          + (SELECT count(*) FROM analytics_durations_delta WHERE user_id = $1)
          + (SELECT count(*) FROM analytics_buyers_delta WHERE user_id = $1) AS n`,
    [userId],
  );
  return Number(at(rows, 0).n);
}

/**
 * The rows as the triggers left them (deltas and all), after a fold (which must change none of them), and what
 * the migration's backfill computes from the orders as they are now.
 */
async function rebuiltRows(app: App, userId: string) {
  const before = await analyticsRows(app, userId);
  await foldAnalytics(app.ctx);
  expect(await unfolded(app, userId)).toBe(0);
  const folded = await analyticsRows(app, userId);
  await app.ctx.database.raw.query("SELECT analytics_rebuild($1)", [userId]);
  return { before, folded, after: await analyticsRows(app, userId) };
}

describe.each(DRIVERS)("costs and analytics on %s", (driver) => {
  const t = useTestApp(driver);
  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: "GET", url, headers });
  const putCosts = (headers: Record<string, string>, costs: unknown) =>
    t.app.inject({ method: "PUT", url: "/api/inventory/costs", headers, payload: { costs } });

  it("lets a seller set, change and clear unit costs, all or nothing", async () => {
    const seller = await signIn(t.app, uniqueName("Costs"));
    const [a = missing("a"), b = missing("b")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    expect((await get(seller.headers, "/api/inventory/costs")).json()).toEqual([]);
    const saved = await putCosts(seller.headers, [
      { itemId: a.id, unitCost: "1.5" },
      { itemId: b.id, unitCost: "0.25" },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(
      expect.arrayContaining([
        { itemId: a.id, unitCost: "1.50" },
        { itemId: b.id, unitCost: "0.25" },
      ]),
    );
    for (const bad of [
      [{ itemId: a.id, unitCost: "-1" }],
      [{ itemId: a.id, unitCost: "1.234" }],
      [{ itemId: a.id, unitCost: "abc" }],
      [],
      [
        { itemId: a.id, unitCost: "1" },
        { itemId: a.id, unitCost: "2" },
      ],
    ])
      expect((await putCosts(seller.headers, bad)).statusCode).toBe(400);
    const unknown = await putCosts(seller.headers, [
      { itemId: a.id, unitCost: "9.00" },
      { itemId: "00000000-0000-4000-8000-000000000000", unitCost: "1.00" },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Item not found" });
    const cleared = await putCosts(seller.headers, [{ itemId: a.id, unitCost: null }]);
    expect(cleared.json()).toEqual([{ itemId: b.id, unitCost: "0.25" }]);
    // Another seller's costs are their own.
    const other = await signIn(t.app, uniqueName("Costs"));
    expect((await get(other.headers, "/api/inventory/costs")).json()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/costs" })).statusCode).toBe(401);
  });

  it("shows Profit: kept revenue less the cost of delivered units, following every change of an order", async () => {
    const seller = await signIn(t.app, uniqueName("Profit"));
    const gem = await createItem(t.app, "mm2");
    const knife = await createItem(t.app, "mm2");
    const profit = async (period = "7d") => {
      const res = await get(seller.headers, `/api/dashboard?period=${period}`);
      expect(res.statusCode).toBe(200);
      const { totalSales, profit, costsSet, uncostedUnits } = res.json();
      return { totalSales, profit, costsSet, uncostedUnits };
    };
    expect(await profit()).toEqual({ totalSales: "0.00", profit: "0.00", costsSet: false, uncostedUnits: 0 });

    const [delivered, , pending, , mixed] = await placeOrders(t.app, seller.userId, [
      { ago: 2 * HOUR, total: "10.00", status: "completed", lines: [{ itemId: gem.id, quantity: 2 }] },
      {
        ago: 3 * DAY,
        total: "5.00",
        status: "completed",
        lines: [{ itemId: gem.id, quantity: 1 }],
        refundedAfterDelivery: true,
      },
      { ago: 30 * 60_000, total: "4.00", status: "pending", lines: [{ itemId: knife.id, quantity: 1 }] },
      { ago: 5 * DAY, total: "3.00", status: "cancelled", lines: [{ itemId: gem.id, quantity: 1 }] },
      {
        ago: 6 * DAY,
        total: "6.00",
        status: "completed",
        lines: [
          { itemId: gem.id, quantity: 1 },
          { itemId: knife.id, quantity: 1 },
        ],
      },
      { ago: HOUR, total: "7.00", status: "awaiting_payment", lines: [{ itemId: gem.id, quantity: 1 }] },
      { ago: 10 * DAY, total: "100.00", status: "completed", lines: [{ itemId: gem.id, quantity: 1 }] },
    ]);
    // Written into hours the dashboard's own rollups already summed (as empty) above.
    await invalidateDashboardRollups(t.app.ctx.db, seller.userId);
    // Revenue 10 + 4 + 6; no cost set, so nothing to take off, and 5 delivered units whose cost is unknown.
    expect(await profit()).toEqual({
      totalSales: "35.00",
      profit: "20.00",
      costsSet: false,
      uncostedUnits: 5,
    });

    await putCosts(seller.headers, [{ itemId: gem.id, unitCost: "1.50" }]);
    // Gem: 2 + 1 (refunded after delivery: it was still handed over) + 1 delivered = 6.00; the knife has no cost.
    expect(await profit()).toEqual({
      totalSales: "35.00",
      profit: "14.00",
      costsSet: true,
      uncostedUnits: 1,
    });
    expect((await profit("24h")).profit).toBe("11.00");

    // The bot delivers the pending knife; the buyer of the first order is refunded after delivery.
    await t.app.ctx.db.update(orders).set({ status: "completed" }).where(eq(orders.id, pending));
    await t.app.ctx.db
      .update(orders)
      .set({ refundedAfterDeliveryAt: new Date() })
      .where(eq(orders.id, delivered));
    expect(await profit()).toEqual({ totalSales: "35.00", profit: "4.00", costsSet: true, uncostedUnits: 2 });
    // A partial refund lowers an order's items.
    await t.app.ctx.db.delete(orderItems).where(eq(orderItems.orderId, mixed));
    await t.app.ctx.db.insert(orderItems).values({ orderId: mixed, itemId: knife.id, quantity: 1 });
    expect(await profit()).toEqual({ totalSales: "35.00", profit: "5.50", costsSet: true, uncostedUnits: 2 });

    const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
    expect(folded).toEqual(before);
    expect(before).toEqual(after);
  });

  it("keeps the analytics equal to a rebuild from the orders through bulk writes and changes", async () => {
    const seller = await signIn(t.app, uniqueName("Bulk"));
    const items = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    const statuses: OrderStatus[] = [
      "unclaimed",
      "pending",
      "completed",
      "failed_no_stock",
      "cancelled",
      "refunded",
      "awaiting_payment",
    ];
    const ids = await placeOrders(
      t.app,
      seller.userId,
      Array.from({ length: 60 }, (_, i) => ({
        ago: i * 7 * HOUR + i * 61_000,
        total: `${(i % 9) + 1}.${(i * 13) % 100}`.replace(/\.(\d)$/, ".0$1"),
        status: statuses[i % statuses.length],
        username: i % 4 === 0 ? undefined : `Buyer${i % 5}`,
        claimedAfter: i % 3 === 0 ? undefined : i * 37_000,
        deliveredAfter: i % 2 === 0 ? i * 11_000 : undefined,
        lines: items.slice(0, (i % 3) + 1).map((it, k) => ({ itemId: it.id, quantity: k + 1 + (i % 2) })),
      })),
    );
    await t.app.ctx.db
      .update(orders)
      .set({ status: "completed" })
      .where(inArray(orders.id, ids.slice(0, 20)));
    await t.app.ctx.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(inArray(orders.id, ids.slice(15, 25)));
    await t.app.ctx.db
      .update(orders)
      .set({ robloxUsername: "Late" })
      .where(inArray(orders.id, ids.slice(30, 33)));
    await t.app.ctx.db
      .update(orderItems)
      .set({ quantity: 9 })
      .where(inArray(orderItems.orderId, ids.slice(40, 50)));
    await t.app.ctx.db.delete(orderItems).where(inArray(orderItems.orderId, ids.slice(50, 55)));
    // Lines added to orders that have lines already: each order's revenue is shared anew among all its items.
    await t.app.ctx.db
      .insert(orderItems)
      .values(ids.slice(55, 58).map((orderId) => ({ orderId, itemId: at(items, 2).id, quantity: 4 })));
    const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
    expect(folded).toEqual(before);
    expect(before).toEqual(after);
    expect((before[1] as unknown[]).length).toBeGreaterThan(0);
  });

  it("appends each change to the hour deltas only, and counts every hour for its UTC day before and after the fold", async () => {
    const seller = await signIn(t.app, uniqueName("Hours"));
    const item = await createItem(t.app, "mm2");
    const ids = await placeOrders(
      t.app,
      seller.userId,
      [1, 5, 26, 50].map((hours) => ({
        ago: hours * HOUR,
        total: "3.00",
        status: "unclaimed" as const,
        lines: [{ itemId: item.id, quantity: 2 }],
      })),
    );
    await t.app.ctx.db
      .update(orders)
      .set({ status: "completed", claimedAt: new Date() })
      .where(eq(orders.id, at(ids, 0)));
    const deltaSpans = await t.app.ctx.database.raw.query<{ span: string }>(
      `SELECT DISTINCT span FROM analytics_stats_delta WHERE user_id = $1
       UNION SELECT DISTINCT span FROM analytics_item_stats_delta WHERE user_id = $1`,
      [seller.userId],
    );
    expect(deltaSpans.rows).toEqual([{ span: "hour" }]);

    /** Each UTC day's totals as the view answers them, and as its hours add up. */
    const days = async () => {
      const { rows } = await t.app.ctx.database.raw.query<{ table: string; day: string; units: string }>(
        `SELECT 'stats' AS table, bucket::text AS day, (orders || ' ' || revenue || ' ' || delivered) AS units
           FROM analytics_stats WHERE user_id = $1 AND span = 'day'
         UNION ALL
         SELECT 'items', bucket::text, (units || ' ' || revenue || ' ' || delivered_units)
           FROM analytics_item_stats WHERE user_id = $1 AND span = 'day'
         ORDER BY 1, 2`,
        [seller.userId],
      );
      const { rows: fromHours } = await t.app.ctx.database.raw.query<{
        table: string;
        day: string;
        units: string;
      }>(
        `SELECT 'stats' AS table, date_trunc('day', bucket, 'UTC')::text AS day,
                (sum(orders) || ' ' || sum(revenue) || ' ' || sum(delivered)) AS units
           FROM analytics_stats WHERE user_id = $1 AND span = 'hour' GROUP BY 2
         UNION ALL
         SELECT 'items', date_trunc('day', bucket, 'UTC')::text,
                (sum(units) || ' ' || sum(revenue) || ' ' || sum(delivered_units))
           FROM analytics_item_stats WHERE user_id = $1 AND span = 'hour' GROUP BY 2
         ORDER BY 1, 2`,
        [seller.userId],
      );
      return { rows, fromHours };
    };
    const unfoldedDays = await days();
    expect(unfoldedDays.rows).toEqual(unfoldedDays.fromHours);
    expect(
      unfoldedDays.rows.filter((r) => r.table === "stats").map((r) => Number(r.units.split(" ")[0])),
    ).toSatisfy((counts: number[]) => counts.reduce((a, b) => a + b, 0) === 4);

    const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
    expect(folded).toEqual(before);
    expect(before).toEqual(after);
    expect((await days()).rows).toEqual(unfoldedDays.rows);
  });

  it("folds on when a seller with unfolded deltas is deleted, dropping that seller's deltas", async () => {
    const gone = await signIn(t.app, uniqueName("Gone"));
    const stays = await signIn(t.app, uniqueName("Stays"));
    const item = await createItem(t.app, "mm2");
    for (const seller of [gone, stays])
      await placeOrders(t.app, seller.userId, [
        { ago: HOUR, total: "4.00", status: "unclaimed", lines: [{ itemId: item.id, quantity: 1 }] },
      ]);
    await t.app.ctx.database.raw.query("DELETE FROM users WHERE id = $1", [gone.userId]);
    expect(await unfolded(t.app, gone.userId)).toBeGreaterThan(0);

    await foldAnalytics(t.app.ctx);
    expect(await unfolded(t.app, gone.userId)).toBe(0);
    expect(await unfolded(t.app, stays.userId)).toBe(0);
    const { rows } = await t.app.ctx.database.raw.query<{ span: string; orders: number }>(
      "SELECT span, orders FROM analytics_stats_folded WHERE user_id = $1 ORDER BY span",
      [stays.userId],
    );
    expect(rows).toEqual([
      { span: "day", orders: 1 },
      { span: "hour", orders: 1 },
    ]);
  });

  it("counts each unit once when orders and their items are inserted in one statement (createOrders)", async () => {
    const seller = await signIn(t.app, uniqueName("OneStatement"));
    const [a = missing("a"), b = missing("b")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    const drafts = [
      { total: "10.00", items: [{ itemId: a.id, quantity: 2 }] },
      {
        total: "6.00",
        items: [
          { itemId: a.id, quantity: 1 },
          { itemId: b.id, quantity: 2 },
        ],
      },
    ];
    await t.app.ctx.db.transaction((tx) =>
      createOrders(
        tx,
        drafts.map((d) => ({
          userId: seller.userId,
          source: "shopify" as const,
          status: "unclaimed" as const,
          game: "mm2",
          totalAmount: d.total,
          items: d.items,
        })),
      ),
    );
    const units = await t.app.ctx.database.raw.query<{ item_id: string; units: string; revenue: string }>(
      "SELECT item_id, units::text, revenue::text FROM analytics_item_stats WHERE user_id = $1 AND span = 'day' ORDER BY units DESC",
      [seller.userId],
    );
    expect(units.rows.map((r) => [r.item_id, Number(r.units), Number(r.revenue)])).toEqual([
      [a.id, 3, 12],
      [b.id, 2, 4],
    ]);
    const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
    expect(folded).toEqual(before);
    expect(before).toEqual(after);
  });

  it("reaches the orders' items by index in the triggers, never reading order_items whole (migration 0025)", async () => {
    const seller = await signIn(t.app, uniqueName("ByIndex"));
    const item = await createItem(t.app, "mm2");
    const scans = await t.app.ctx.db.transaction(async (tx) => {
      const [order = missing("the order")] = await createOrders(
        tx,
        [1, 2, 3].map((n) => ({
          userId: seller.userId,
          source: "shopify" as const,
          status: "unclaimed" as const,
          game: "mm2",
          totalAmount: `${n}.00`,
          items: [{ itemId: item.id, quantity: n }],
        })),
      );
      await tx
        .update(orders)
        .set({ status: "pending", claimedAt: new Date(), robloxUsername: "ByIndexBuyer" })
        .where(eq(orders.id, order.id));
      // This transaction's own counts, before they are reported: the rows sequential scans read (a bitmap scan
      // through the index, which the planner may pick for a few rows, counts as a scan in seq_scan but reads its rows
      // by index). The transaction sees its own three orders' items, so a scan of the table would read them.
      return txSql(tx).query<{ n: number }>(
        "SELECT COALESCE(sum(seq_tup_read), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'order_items'",
      );
    });
    expect(at(scans.rows, 0).n).toBe(0);
    const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
    expect(folded).toEqual(before);
    expect(before).toEqual(after);
  });

  it("runs the triggers' statements as static SQL, whose plans the session caches (no EXECUTE per write)", async () => {
    const functions = await t.app.ctx.database.raw.query<{ name: string; source: string }>(
      "SELECT proname AS name, prosrc AS source FROM pg_proc WHERE proname IN ('analytics_orders_changed', 'analytics_items_changed') ORDER BY proname",
    );
    expect(functions.rows.map((f) => f.name)).toEqual([
      "analytics_items_changed",
      "analytics_orders_changed",
    ]);
    for (const f of functions.rows) {
      expect(f.source).not.toMatch(/\bEXECUTE\b/i);
      expect(f.source).toMatch(/INSERT INTO analytics_item_stats_delta/);
    }
  });

  it("gives Basic and Pro the advanced analytics and the CSV; Free gets 403 on each", async () => {
    const free = await signIn(t.app, uniqueName("Free"), { tier: "free" });
    for (const url of [
      "/api/analytics?period=7d",
      "/api/analytics/orders.csv?period=7d",
      "/api/analytics?period=1y",
    ]) {
      const res = await get(free.headers, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Advanced analytics are included with the Basic and Pro plans." });
    }
    expect((await t.app.inject({ method: "GET", url: "/api/analytics" })).statusCode).toBe(401);

    const seller = await signIn(t.app, uniqueName("Basic"), { tier: "basic" });
    const gem = await createItem(t.app, "mm2");
    const knife = await createItem(t.app, "mm2");
    await putCosts(seller.headers, [{ itemId: gem.id, unitCost: "1.00" }]);
    await placeOrders(t.app, seller.userId, [
      {
        ago: HOUR,
        total: "9.00",
        status: "completed",
        lines: [
          { itemId: gem.id, quantity: 2 },
          { itemId: knife.id, quantity: 1 },
        ],
        username: "RepeatFan",
        claimedAfter: 60_000,
        deliveredAfter: 30_000,
      },
      {
        ago: 2 * DAY,
        total: "4.00",
        status: "completed",
        lines: [{ itemId: gem.id, quantity: 1 }],
        username: "repeatfan",
        claimedAfter: 120_000,
        deliveredAfter: 30_000,
      },
      { ago: 3 * DAY, total: "2.50", status: "failed_no_stock", lines: [{ itemId: knife.id, quantity: 1 }] },
      {
        ago: 3 * DAY,
        total: "1.00",
        status: "unclaimed",
        lines: [{ itemId: knife.id, quantity: 1 }],
        username: "Once",
      },
      // The previous 7 days.
      { ago: 9 * DAY, total: "5.00", status: "completed", lines: [{ itemId: gem.id, quantity: 1 }] },
    ]);
    const res = await get(seller.headers, "/api/analytics?period=7d");
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.span).toBe("day");
    expect(a.series).toHaveLength(7);
    expect(a.totals).toEqual({
      revenue: "16.50",
      // 9 + 4 + 2.50 + 1 less 3 gems delivered at 1.00.
      profit: "13.50",
      previousRevenue: "5.00",
      previousProfit: "4.00",
      revenueChange: 230,
      profitChange: 237.5,
      uncostedUnits: 1,
    });
    const seriesCents = a.series.reduce(
      (sum: number, p: { revenue: string }) => sum + Math.round(Number(p.revenue) * 100),
      0,
    );
    expect(seriesCents).toBe(1650);
    expect(a.games).toEqual([{ game: "mm2", orders: 4, units: 6, revenue: "16.50" }]);
    // The first order's 9.00 shared by units: 6.00 to the two gems, 3.00 to the knife.
    expect(a.items).toEqual([
      { itemId: gem.id, name: gem.publicName, game: "mm2", units: 3, revenue: "10.00", profit: "7.00" },
      { itemId: knife.id, name: knife.publicName, game: "mm2", units: 3, revenue: "6.50", profit: null },
    ]);
    expect(a.funnel).toMatchObject({ orders: 4, claimed: 2, delivered: 2, failed: 1, failedRevenue: "2.50" });
    // 60 s and 120 s to claim: the median is in 120 s's bin or 60 s's, within 12%.
    expect(a.funnel.medianClaimSeconds).toBeGreaterThan(50);
    expect(a.funnel.medianClaimSeconds).toBeLessThan(135);
    expect(Math.abs(a.funnel.medianDeliverSeconds - 30) / 30).toBeLessThan(0.12);
    expect(a.repeatBuyers).toEqual([
      {
        username: expect.stringMatching(/^repeatfan$/i),
        orders: 2,
        revenue: "13.00",
        lastOrderAt: expect.any(String),
      },
    ]);
    for (const period of DASHBOARD_PERIODS)
      expect((await get(seller.headers, `/api/analytics?period=${period}`)).statusCode).toBe(200);

    const csv = await get(seller.headers, "/api/analytics/orders.csv?period=7d");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="autodrop-orders-7d-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(ORDERS_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(5);
    const last = lines.at(-1)?.split(",") ?? [];
    expect(last.slice(-4)).toEqual(["9.00", "9.00", "", ""]);
    expect(lines.at(-1)).toContain(`2 x ${gem.publicName}`);
  });

  it("streams a CSV longer than a page, oldest first, each order once", async () => {
    const seller = await signIn(t.app, uniqueName("Csv"), { tier: "pro" });
    const gem = await createItem(t.app, "mm2");
    await putCosts(seller.headers, [{ itemId: gem.id, unitCost: "0.10" }]);
    await placeOrders(
      t.app,
      seller.userId,
      Array.from({ length: 1203 }, (_, i) => ({
        ago: Math.floor(i / 3) * 60_000,
        total: "1.00",
        status: "completed",
        lines: [{ itemId: gem.id, quantity: 1 }],
      })),
    );
    const csv = await get(seller.headers, "/api/analytics/orders.csv?period=24h");
    const lines = csv.body.trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(1203);
    expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(1203);
    const times = lines.map((l) => l.split(",")[1]);
    expect([...times].sort()).toEqual(times);
    expect(at(lines, 0).split(",").slice(-3)).toEqual(["1.00", "0.10", "0.90"]);
  });

  it("counts an API order's optional price in sales and profit", async () => {
    const { seller, key, item, createOrder } = await apiSeller(t.app);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/create-order",
      headers: bearer(key),
      payload: { items: [{ codeName: item.codeName, quantity: 1 }], price: "4.999" },
    });
    expect(bad.statusCode).toBe(400);
    const priced = await t.app.inject({
      method: "POST",
      url: "/api/v1/create-order",
      headers: bearer(key),
      payload: { items: [{ codeName: item.codeName, quantity: 1 }], price: "4.99" },
    });
    expect(priced.statusCode).toBe(201);
    expect((await createOrder()).statusCode).toBe(201);
    const dash = (await get(seller.headers, "/api/dashboard?period=24h")).json();
    expect(dash).toMatchObject({ totalSales: "4.99", profit: "4.99" });
    // Cancelled through the API: the sale stays in Total Sales, the profit goes.
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/cancel-order/${priced.json().authKey}`,
      headers: bearer(key),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await get(seller.headers, "/api/dashboard?period=24h")).json()).toMatchObject({
      totalSales: "4.99",
      profit: "0.00",
    });
  });
});

describe.each(DRIVERS.filter((d) => d === "postgres"))(
  "analytics under concurrent orders on %s",
  (driver) => {
    const t = useTestApp(driver);

    it("stays exact when many orders of one seller are taken in and cancelled at once", async () => {
      const { seller, key, item } = await apiSeller(t.app, { units: 100 });
      const create = (i: number) =>
        t.app.inject({
          method: "POST",
          url: "/api/v1/create-order",
          headers: bearer(key),
          payload: { items: [{ codeName: item.codeName, quantity: 1 }], price: `${i}.00` },
        });
      const created = await Promise.all(Array.from({ length: 30 }, (_, i) => create(i + 1)));
      expect(created.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
      const cancels = await Promise.all(
        created.slice(0, 10).map((r) =>
          t.app.inject({
            method: "POST",
            url: `/api/v1/cancel-order/${r.json().authKey}`,
            headers: bearer(key),
          }),
        ),
      );
      expect(cancels.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const dash = (
        await t.app.inject({ method: "GET", url: "/api/dashboard?period=24h", headers: seller.headers })
      ).json();
      // 1 + 2 + … + 30 taken in, the first ten called off.
      expect(dash.profit).toBe(`${465 - 55}.00`);
      const { before, folded, after } = await rebuiltRows(t.app, seller.userId);
      expect(folded).toEqual(before);
      expect(before).toEqual(after);
    });
  },
);
