import { describe, expect, it } from "vitest";
import { DASHBOARD_PERIODS, PERIOD_HOURS } from "../../src/contract/dashboard.js";
import { listings, orderItems, orders } from "../../src/server/db/schema/index.js";
import { invalidateDashboardRollups } from "../../src/server/modules/dashboard/index.js";
import { rollUpSettled } from "../../src/server/modules/dashboard/rollups.js";
import { dashboard } from "../../src/server/modules/dashboard/service.js";
import { createItem, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The job runs by hand here, at chosen instants (no job worker: it would run at the wall clock's).
describe.each(DRIVERS)("dashboard rollup job on %s", (driver) => {
  const t = useTestApp(driver);

  it("sums the settled buckets in the background, so no request rolls any up until the next hour settles", async () => {
    const db = t.app.ctx.db;
    // 13:27 yesterday: the last settled hour is 12:00 to 13:00; the next one settles at 14:10.
    const now = Math.floor(Date.now() / DAY) * DAY - DAY + 13 * HOUR + 27 * MINUTE;
    const user = await signIn(t.app, uniqueName("rolled"));
    const item = await createItem(t.app, "mm2");
    const [listing] = await db
      .insert(listings)
      .values({
        userId: user.userId,
        title: "Rolled",
        game: "mm2",
        shopifyProductId: uniqueName("p"),
        shopifyVariantId: uniqueName("v"),
      })
      .returning();
    const placed: { at: number; cents: number }[] = [];
    // Orders and their items in one transaction, as an intake writes them (the job must see both or neither).
    const place = (ats: number[]) =>
      db.transaction(async (tx) => {
        const more = ats.map((at, i) => ({ at, cents: 125 + 100 * (placed.length + i) }));
        placed.push(...more);
        const rows = await tx
          .insert(orders)
          .values(
            more.map((p) => ({
              userId: user.userId,
              source: "shopify" as const,
              game: "mm2",
              totalAmount: (p.cents / 100).toFixed(2),
              createdAt: new Date(p.at),
            })),
          )
          .returning({ id: orders.id });
        await tx
          .insert(orderItems)
          .values(rows.map((r) => ({ orderId: r.id, itemId: item.id, listingId: listing.id, quantity: 1 })));
      });
    const rolledRows = async () => {
      const { rows } = await t.app.ctx.database.raw.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM dashboard_stats WHERE user_id = $1)
              + (SELECT count(*) FROM dashboard_listing_stats WHERE user_id = $1) AS n`,
        [user.userId],
      );
      return Number(rows[0].n);
    };
    /** Every period at `at` agrees with the orders, and the requests wrote no rollup. */
    const requestsAt = async (at: number) => {
      const before = await rolledRows();
      for (const period of DASHBOARD_PERIODS) {
        const inPeriod = placed.filter((p) => p.at >= at - PERIOD_HOURS[period] * HOUR && p.at <= at);
        const body = await dashboard(t.app.ctx, user.userId, period, at);
        const where = `${period} at ${new Date(at).toISOString()}`;
        expect(body.totalSales, where).toBe((inPeriod.reduce((s, p) => s + p.cents, 0) / 100).toFixed(2));
        expect(
          body.popularListings.map((l) => l.orderCount),
          where,
        ).toEqual([inPeriod.length]);
      }
      expect(await rolledRows()).toBe(before);
    };

    await place(
      [
        5 * MINUTE,
        40 * MINUTE,
        2 * HOUR,
        23 * HOUR,
        25 * HOUR,
        3 * DAY,
        6 * DAY + 5 * HOUR,
        29 * DAY,
        89 * DAY,
      ].map((ago) => now - ago),
    );
    expect(await rolledRows()).toBe(0);
    await rollUpSettled(t.app.ctx, now);
    expect(await rolledRows()).toBeGreaterThan(0);
    // At any time until the next hour settles.
    for (const at of [now, now + 33 * MINUTE, now + 42 * MINUTE]) await requestsAt(at);

    // An order in the hour that settles next is summed by the job's next run, not by a request.
    await place([now + 13 * MINUTE]);
    const later = now + HOUR;
    await rollUpSettled(t.app.ctx, later);
    await requestsAt(later);

    // The job sums each settled hour once: a second run in the same hour does nothing...
    await t.app.ctx.database.raw.query("DELETE FROM dashboard_listing_stats WHERE user_id = $1", [
      user.userId,
    ]);
    await t.app.ctx.database.raw.query("DELETE FROM dashboard_stats WHERE user_id = $1", [user.userId]);
    await rollUpSettled(t.app.ctx, later + MINUTE);
    expect(await rolledRows()).toBe(0);
    // ...unless the seller's rollups were invalidated (orders written into the past), then it sums them all again.
    await invalidateDashboardRollups(db, user.userId);
    await rollUpSettled(t.app.ctx, later + MINUTE);
    await requestsAt(later + MINUTE);
  });
});
