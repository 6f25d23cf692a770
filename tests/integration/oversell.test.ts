import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at } from "../../src/server/db/rows.js";
import { inventoryBalances, inventoryLedger, listings, orders } from "../../src/server/db/schema/index.js";
import { laneOf } from "../../src/server/modules/shopify/batcher.js";
import { useTestApp } from "./harness.js";
import { linkListing, orderBody, sellerWithStore, signedWebhook, stockedItem } from "./shopify-fixtures.js";

/** Concurrent Shopify orders racing for the same stock: PostgreSQL only (PGlite runs one transaction at a time). */
describe.skipIf(!process.env.TEST_DATABASE_URL)("no oversell on postgres", () => {
  const t = useTestApp("postgres", { startJobs: true });

  async function race(s: Awaited<ReturnType<typeof sellerWithStore>>, variantId: string, base: bigint) {
    const bodies = Array.from({ length: 100 }, (_, i) =>
      orderBody({ id: String(base + BigInt(i) * 1000n), lines: [{ variantId, quantity: 1, price: "2.00" }] }),
    );
    const results = await Promise.all(
      bodies.map((b) => signedWebhook(t.app, "/api/webhooks/shopify/orders", s.shop, "orders/create", b)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    const all = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, s.user.userId));
    return {
      served: all.filter((o) => o.status === "unclaimed").length,
      failed: all.filter((o) => o.status === "failed_no_stock").length,
    };
  }

  it("100 orders for 10 units of inventory reserve exactly 10", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 10);
    const listing = await linkListing(
      t.app,
      s.user,
      at(s.variants, 0),
      [{ itemId: item.id, quantity: 1 }],
      1000,
    );
    expect(await race(s, at(s.variants, 0).variantId, 9_100_000_000_000_000n)).toEqual({
      served: 10,
      failed: 90,
    });
    const [balance] = await t.app.ctx.db
      .select()
      .from(inventoryBalances)
      .where(and(eq(inventoryBalances.userId, s.user.userId), eq(inventoryBalances.itemId, item.id)));
    expect(balance).toMatchObject({ available: 0, reserved: 10 });
    const reservations = await t.app.ctx.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.itemId, item.id), eq(inventoryLedger.kind, "reservation")));
    expect(reservations.reduce((sum, r) => sum + r.quantity, 0)).toBe(10);
    expect(
      at(await t.app.ctx.db.select().from(listings).where(eq(listings.id, listing.id)), 0).stockQuantity,
    ).toBe(990);
  });

  it("100 orders for a listing with 10 in stock sell exactly 10", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 500);
    const listing = await linkListing(
      t.app,
      s.user,
      at(s.variants, 0),
      [{ itemId: item.id, quantity: 1 }],
      10,
    );
    expect(await race(s, at(s.variants, 0).variantId, 9_200_000_000_000_000n)).toEqual({
      served: 10,
      failed: 90,
    });
    expect(
      at(await t.app.ctx.db.select().from(listings).where(eq(listings.id, listing.id)), 0).stockQuantity,
    ).toBe(0);
  });

  it("orders for many stores at once, taken in by lanes side by side, each reserve exactly their stock", async () => {
    // Stores in both of the intake's two lanes, so the backlog below is split and the lanes run together.
    const stores: Awaited<ReturnType<typeof sellerWithStore>>[] = [];
    while ([0, 1].some((lane) => stores.filter((s) => laneOf(s.shop, 2) === lane).length < 2))
      stores.push(await sellerWithStore(t.app));
    const stocked = await Promise.all(
      stores.map(async (s) => {
        const item = await stockedItem(t.app, s.user.userId, "mm2", 10);
        await linkListing(t.app, s.user, at(s.variants, 0), [{ itemId: item.id, quantity: 1 }], 1000);
        return item;
      }),
    );
    const deliveries = Array.from({ length: 40 }, (_, i) =>
      stores.map((s, k) =>
        signedWebhook(
          t.app,
          "/api/webhooks/shopify/orders",
          s.shop,
          "orders/create",
          orderBody({
            id: String(9_300_000_000_000_000n + BigInt(k * 1000 + i)),
            lines: [{ variantId: at(s.variants, 0).variantId, quantity: 1, price: "2.00" }],
          }),
        ),
      ),
    ).flat();
    expect((await Promise.all(deliveries)).every((r) => r.statusCode === 200)).toBe(true);
    for (const [k, s] of stores.entries()) {
      const all = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, s.user.userId));
      expect(all.filter((o) => o.status === "unclaimed")).toHaveLength(10);
      expect(all.filter((o) => o.status === "failed_no_stock")).toHaveLength(30);
      const [balance] = await t.app.ctx.db
        .select()
        .from(inventoryBalances)
        .where(
          and(eq(inventoryBalances.userId, s.user.userId), eq(inventoryBalances.itemId, at(stocked, k).id)),
        );
      expect(balance).toMatchObject({ available: 0, reserved: 10 });
    }
  });
});
