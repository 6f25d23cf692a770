import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DASHBOARD_PERIODS, PERIOD_HOURS } from "../../src/contract/dashboard.js";
import type { OrderSource, OrderStatus } from "../../src/contract/orders.js";
import { fixedClock } from "../../src/server/clock.js";
import { at as element, missing } from "../../src/server/db/rows.js";
import { dashboardStats, listings, orderItems, orders, shops } from "../../src/server/db/schema/index.js";
import { seedDemoData } from "../../src/server/demo/index.js";
import { DEMO_SELLER } from "../../src/server/demo/items-and-users.js";
import { DEMO_SHOP } from "../../src/server/demo/shop.js";
import { dashboard } from "../../src/server/modules/dashboard/service.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { linkListing, placeOrder, sellerWithStore, stockedItem } from "./shopify-fixtures.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe.each(DRIVERS)("dashboard on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const get = (headers: Record<string, string>, period?: string) =>
    t.app.inject({ method: "GET", url: `/api/dashboard${period ? `?period=${period}` : ""}`, headers });

  it("needs a signed-in seller and a known period", async () => {
    expect((await get({})).statusCode).toBe(401);
    const user = await signIn(t.app, uniqueName("dash"));
    expect((await get(user.headers, "1y")).statusCode).toBe(400);
    const empty = await get(user.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      period: "7d",
      totalSales: "0.00",
      activeListings: 0,
      inventoryItems: 0,
      pendingOrders: 0,
      popularListings: [],
      recentActivity: [],
    });
    expect(empty.json().ordersPerDay).toHaveLength(7);
  });

  it("agrees with a count of every order at any time of day, on and around hour and day edges", async () => {
    const MINUTE = 60_000;
    const today = Math.floor(Date.now() / DAY) * DAY;
    // Orders placed on, just before and just after the edges each period is cut at, relative to each `now`.
    const agos = [
      0,
      1,
      9 * MINUTE,
      11 * MINUTE,
      59 * MINUTE,
      HOUR,
      61 * MINUTE,
      70 * MINUTE,
      3 * HOUR + 17 * MINUTE,
      ...[24, 168, 720, 2160].flatMap((h) => [h * HOUR - MINUTE, h * HOUR - 1, h * HOUR + MINUTE]),
      30 * HOUR,
      2 * DAY + 7 * HOUR,
      6 * DAY + 23 * HOUR,
      45 * DAY,
      89 * DAY + 5 * HOUR,
    ];
    for (const now of [
      today - DAY + 5 * MINUTE,
      today - DAY + HOUR,
      today - 2 * DAY + 13 * HOUR + 27 * MINUTE,
    ]) {
      const user = await signIn(t.app, uniqueName("edges"));
      const item = await createItem(t.app, "mm2");
      const ls = await t.app.ctx.db
        .insert(listings)
        .values(
          ["North", "South", "East"].map((title) => ({
            userId: user.userId,
            title,
            game: "mm2",
            shopifyProductId: uniqueName("p"),
            shopifyVariantId: uniqueName("v"),
          })),
        )
        .returning();
      const placed = agos.map((ago, i) => ({ at: now - ago, total: `${i + 1}.25`, listing: ls[i % 3] }));
      // In one transaction, as an intake writes them: the rollup job (decision 053) sees both or neither.
      await t.app.ctx.db.transaction(async (tx) => {
        const rows = await tx
          .insert(orders)
          .values(
            placed.map((p) => ({
              userId: user.userId,
              source: "shopify" as const,
              game: "mm2",
              totalAmount: p.total,
              createdAt: new Date(p.at),
            })),
          )
          .returning({ id: orders.id });
        await tx.insert(orderItems).values(
          rows.map((r, i) => ({
            orderId: r.id,
            itemId: item.id,
            listingId: element(placed, i).listing.id,
            quantity: 1,
          })),
        );
      });

      for (const period of DASHBOARD_PERIODS) {
        const inPeriod = placed.filter((p) => p.at >= now - PERIOD_HOURS[period] * HOUR && p.at <= now);
        const cents = inPeriod.reduce((sum, p) => sum + Math.round(Number(p.total) * 100), 0);
        const popular = ls
          .map((l) => ({
            listingId: l.id,
            title: l.title,
            orderCount: inPeriod.filter((p) => p.listing === l).length,
          }))
          .filter((l) => l.orderCount > 0)
          .sort((a, b) => b.orderCount - a.orderCount || a.title.localeCompare(b.title));
        const chart = Array.from({ length: 7 }, (_, i) => {
          const date = day(Math.floor(now / DAY) * DAY - (6 - i) * DAY);
          return { date, count: placed.filter((p) => p.at <= now && day(p.at) === date).length };
        });
        // Twice: the first call rolls the buckets up, the second reads them.
        for (let pass = 0; pass < 2; pass++) {
          const body = await dashboard(t.app.ctx, user.userId, period, now);
          const where = `${period} at ${new Date(now).toISOString()}, pass ${pass}`;
          expect(body.totalSales, where).toBe((cents / 100).toFixed(2));
          expect(body.popularListings, where).toEqual(popular);
          expect(body.ordersPerDay, where).toEqual(chart);
        }
      }
    }
  });

  it("shows a new store order right away", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 10);
    await linkListing(t.app, s.user, element(s.variants, 0), [{ itemId: item.id, quantity: 1 }]);
    const before = (await get(s.user.headers)).json();
    await placeOrder(t.app, s.shop, [{ variantId: element(s.variants, 0).variantId, quantity: 3 }]);
    const after = (await get(s.user.headers)).json();
    expect(after.totalSales).toBe((3 * Number(element(s.variants, 0).price)).toFixed(2));
    expect(after.pendingOrders).toBe(before.pendingOrders + 1);
    expect(after.inventoryItems).toBe(7);
    expect(after.ordersPerDay.at(-1).count).toBe(before.ordersPerDay.at(-1).count + 1);
    expect(after.popularListings).toEqual([
      { listingId: expect.any(String), title: element(s.variants, 0).title, orderCount: 1 },
    ]);
    expect(after.recentActivity[0].items).toBe(`${item.codeName}_3`);
  });
});

/** The period sums at fixed clocks, one just after and one just before a UTC midnight. */
describe.each(
  DRIVERS.flatMap((driver) =>
    ["2026-11-24T00:30:00Z", "2026-11-30T23:30:00Z"].map((at) => [driver, at] as const),
  ),
)("dashboard periods on %s at %s", (driver, at) => {
  const t = useTestApp(driver, { clock: fixedClock(at) });
  const get = (headers: Record<string, string>, period?: string) =>
    t.app.inject({ method: "GET", url: `/api/dashboard${period ? `?period=${period}` : ""}`, headers });

  it("adds up sales, counts, the 7-day chart and the top listings for each period", async () => {
    const user = await signIn(t.app, uniqueName("dash"));
    const item = await createItem(t.app, "mm2");
    await grant(t.app, user.userId, item.id, 42);
    const mk = (title: string, active = true) => ({
      userId: user.userId,
      title,
      game: "mm2",
      shopifyProductId: uniqueName("p"),
      shopifyVariantId: uniqueName("v"),
      isActive: active,
    });
    const ls = await t.app.ctx.db
      .insert(listings)
      .values([mk("Alpha"), mk("Bravo"), mk("Charlie"), mk("Delta"), mk("Echo"), mk("Foxtrot", false)])
      .returning();
    const [
      alpha = missing("alpha"),
      bravo = missing("bravo"),
      charlie = missing("charlie"),
      delta = missing("delta"),
      echo = missing("echo"),
      foxtrot = missing("foxtrot"),
    ] = ls;

    const now = t.app.ctx.clock();
    type Spec = {
      ago: number;
      total: string;
      status?: OrderStatus;
      source?: OrderSource;
      game?: string | null;
      listing?: string;
      parent?: string;
    };
    const specs: Spec[] = [
      { ago: 1 * HOUR, total: "10.00", listing: alpha.id },
      { ago: 30 * HOUR, total: "20.00", listing: alpha.id, status: "completed" },
      { ago: 3 * DAY, total: "30.00", listing: bravo.id, status: "pending" },
      { ago: 3 * DAY + HOUR, total: "1.50", listing: charlie.id, status: "failed_no_stock" },
      { ago: 10 * DAY, total: "40.00", listing: bravo.id, status: "completed" },
      { ago: 40 * DAY, total: "50.00", listing: delta.id, status: "completed" },
      { ago: 100 * DAY, total: "60.00", listing: echo.id, status: "completed" },
      { ago: 2 * HOUR, total: "0.00", source: "withdrawal" as const, status: "pending" },
      { ago: 5 * DAY, total: "7.25", source: "api" as const, listing: undefined },
    ];
    const inserted = [];
    for (const s of specs) {
      const [o = missing("o")] = await t.app.ctx.db
        .insert(orders)
        .values({
          userId: user.userId,
          source: s.source ?? "shopify",
          game: s.game === undefined ? "mm2" : s.game,
          status: s.status ?? "unclaimed",
          totalAmount: s.total,
          createdAt: new Date(now - s.ago),
        })
        .returning();
      inserted.push(o);
      if (s.listing)
        await t.app.ctx.db
          .insert(orderItems)
          .values({ orderId: o.id, itemId: item.id, listingId: s.listing, quantity: 1 });
    }
    // A multi-game purchase: the parent only groups; its two sub-orders count.
    const [parent = missing("parent")] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: user.userId,
        source: "shopify" as const,
        game: null,
        totalAmount: "9.00",
        createdAt: new Date(now - 5 * HOUR),
      })
      .returning();
    for (const [game, total, listing] of [
      ["mm2", "4.00", foxtrot.id],
      ["growagarden", "5.00", echo.id],
    ] as const) {
      const [sub = missing("sub")] = await t.app.ctx.db
        .insert(orders)
        .values({
          userId: user.userId,
          source: "shopify" as const,
          game,
          parentOrderId: parent.id,
          totalAmount: total,
          createdAt: new Date(now - 5 * HOUR),
        })
        .returning();
      await t.app.ctx.db
        .insert(orderItems)
        .values({ orderId: sub.id, itemId: item.id, listingId: listing, quantity: 1 });
    }

    const counted = [
      ...specs.filter((s) => s.source !== "withdrawal"),
      { ago: 5 * HOUR, total: "4.00", listing: foxtrot.id },
      { ago: 5 * HOUR, total: "5.00", listing: echo.id },
    ];
    const title = new Map(ls.map((l) => [l.id, l.title]));
    const expectFor = (hours: number) => {
      const inPeriod = counted.filter((s) => s.ago <= hours * HOUR);
      const cents = inPeriod.reduce((sum, s) => sum + Math.round(Number(s.total) * 100), 0);
      const byListing = new Map<string, number>();
      for (const s of inPeriod) if (s.listing) byListing.set(s.listing, (byListing.get(s.listing) ?? 0) + 1);
      const popular = [...byListing]
        .map(([id, n]) => ({ listingId: id, title: title.get(id)!, orderCount: n }))
        .sort((a, b) => b.orderCount - a.orderCount || a.title.localeCompare(b.title))
        .slice(0, 5);
      return { totalSales: (cents / 100).toFixed(2), popularListings: popular };
    };
    const today = Math.floor(now / DAY) * DAY;
    const chart = Array.from({ length: 7 }, (_, i) => {
      const date = day(today - (6 - i) * DAY);
      return { date, count: counted.filter((s) => day(now - s.ago) === date).length };
    });

    for (const [period, hours] of [
      ["24h", 24],
      ["7d", 168],
      ["30d", 720],
      ["90d", 2160],
    ] as const) {
      // Twice: the first request rolls the past days up, the second reads the rollups.
      for (let pass = 0; pass < 2; pass++) {
        const res = await get(user.headers, period);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ period, ...expectFor(hours) });
        expect(body.activeListings).toBe(5);
        expect(body.inventoryItems).toBe(42);
        // unclaimed and pending, not withdrawals, not the parent: the 1h order, the 3-day pending one, two subs, the API one.
        expect(body.pendingOrders).toBe(5);
        expect(body.ordersPerDay).toEqual(chart);
        expect(body.recentActivity.map((o: { id: string }) => o.id)).toHaveLength(5);
        expect(body.recentActivity[0].id).toBe(element(inserted, 0).id);
        expect(body.recentActivity.some((o: { orderSource: string }) => o.orderSource === "withdrawal")).toBe(
          false,
        );
      }
    }
    const rolled = await t.app.ctx.db
      .select()
      .from(dashboardStats)
      .where(eq(dashboardStats.userId, user.userId));
    expect(rolled.filter((r) => r.span === "day").length).toBeGreaterThanOrEqual(89);
    expect(rolled.filter((r) => r.span === "hour").length).toBeGreaterThan(0);
  });
});

// Seeding 30 days of demo orders is the suite's heaviest step; on a busy 2-core machine it outgrows the default.
const SEED_TIMEOUT_MS = 120_000;

/**
 * The demo data at fixed clocks: early and late in a UTC day, at the hour CI once failed (05:51), and on both sides
 * of a month end. The seed and the dashboard both read the app's clock, so every chart day must have orders at
 * each of them.
 */
const DEMO_CLOCKS = [
  "2026-11-24T05:51:00Z",
  "2026-11-30T12:00:00Z",
  "2026-11-30T23:30:00Z",
  "2026-12-01T00:30:00Z",
];

describe.each(DRIVERS.flatMap((driver) => DEMO_CLOCKS.map((at) => [driver, at] as const)))(
  "demo data on %s at %s",
  (driver, at) => {
    const t = useTestApp(driver, { startJobs: true, clock: fixedClock(at) });

    it(
      "gives the demo seller a connected store, linked listings and 30 days of orders",
      async () => {
        await seedDemoData(t.app.ctx);
        const seller = await signIn(t.app, DEMO_SELLER);
        const [shop = missing("shop")] = await t.app.ctx.db
          .select()
          .from(shops)
          .where(eq(shops.userId, seller.userId));
        expect(shop.domain).toBe(DEMO_SHOP);
        // An expiring token like any install's, counted from the app's clock.
        expect(shop.accessTokenExpiresAt?.getTime()).toBe(Date.parse(at) + 3_600_000);
        expect(shop.refreshTokenEncrypted).toBeTruthy();
        const before = (await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId)))
          .length;
        expect(before).toBeGreaterThan(60);
        await seedDemoData(t.app.ctx);
        expect(await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId))).toHaveLength(
          before,
        );

        const res = await t.app.inject({
          method: "GET",
          url: "/api/dashboard?period=30d",
          headers: seller.headers,
        });
        const body = res.json();
        expect(Number(body.totalSales)).toBeGreaterThan(0);
        expect(body.ordersPerDay.map((d: { date: string }) => d.date).at(-1)).toBe(at.slice(0, 10));
        expect(body.ordersPerDay.filter((d: { count: number }) => d.count === 0)).toEqual([]);
        expect(body.popularListings).toHaveLength(5);
        expect(body.activeListings).toBe(12);
        const list = (
          await t.app.inject({ method: "GET", url: "/api/orders", headers: seller.headers })
        ).json();
        const statuses = new Set(list.map((o: { status: string }) => o.status));
        expect(statuses.has("completed")).toBe(true);
        expect(statuses.has("failed_no_stock")).toBe(true);
        expect(list.every((o: { createdAt: string }) => Date.parse(o.createdAt) <= Date.parse(at))).toBe(
          true,
        );
        expect(
          (await t.app.inject({ method: "GET", url: "/api/listings", headers: seller.headers })).json(),
        ).toHaveLength(12);
      },
      SEED_TIMEOUT_MS,
    );
  },
);
