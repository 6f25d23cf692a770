import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../src/contract/games.js";
import type { OrderStatus } from "../../src/contract/orders.js";
import { at, missing } from "../../src/server/db/rows.js";
import {
  cryptoInvoices,
  items,
  orders,
  sandboxRobloxUsers,
  users,
} from "../../src/server/db/schema/index.js";
import { SEED_STEPS, seedDemoData } from "../../src/server/demo/index.js";
import { ITEM_CATALOGUE } from "../../src/server/integrations/sandbox-catalogue.js";
import { applyMovement } from "../../src/server/modules/inventory/ledger.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

describe.each(DRIVERS)("GET /api/stats on %s", (driver) => {
  const t = useTestApp(driver);

  it("counts users, stored items and top-level orders; admins also get totalSales (plan revenue), uncached", async () => {
    const admin = await signIn(t.app, "StatsAdmin", { admin: true });
    const seller = await signIn(t.app, "StatsSeller");
    const db = t.app.ctx.db;
    const [harvester = missing("harvester"), seer = missing("seer")] = await db
      .insert(items)
      .values([
        { codeName: "harvester", publicName: "Harvester", imageUrl: "/x.svg", game: "mm2" },
        { codeName: "seer", publicName: "Seer", imageUrl: "/y.svg", game: "mm2" },
      ])
      .returning();
    await db.transaction(async (tx) => {
      await applyMovement(tx, seller.userId, "deposit", [
        { itemId: harvester.id, quantity: 5 },
        { itemId: seer.id, quantity: 3 },
      ]);
      await applyMovement(tx, seller.userId, "reservation", [{ itemId: harvester.id, quantity: 2 }]);
      await applyMovement(tx, admin.userId, "admin_grant", [{ itemId: seer.id, quantity: 4 }]);
    });
    const order = (status: OrderStatus, totalAmount: string, parentOrderId?: string) => ({
      userId: seller.userId,
      source: "shopify" as const,
      status,
      totalAmount,
      parentOrderId,
    });
    await db
      .insert(orders)
      .values([
        order("completed", "10.50"),
        order("pending", "5.25"),
        order("unclaimed", "1.00"),
        order("failed_no_stock", "100.00"),
      ]);
    const [parent = missing("parent")] = await db
      .insert(orders)
      .values(order("completed", "20.10"))
      .returning();
    await db
      .insert(orders)
      .values([order("completed", "12.05", parent.id), order("completed", "8.05", parent.id)]);

    const invoice = (orderNumber: string, status: string, sourceAmount: string) => ({
      txnId: `txn-${orderNumber}`,
      userId: seller.userId,
      status,
      amount: "0.001",
      pendingAmount: "0",
      currency: "BTC",
      walletHash: "bc1q",
      invoiceUrl: "https://example.test/invoice",
      orderNumber,
      subscriptionTier: "pro",
      subscriptionDuration: "30",
      sourceAmount,
    });
    await db
      .insert(cryptoInvoices)
      .values([
        invoice("o1", "completed", "19.99"),
        invoice("o2", "mismatch", "24.99"),
        invoice("o3", "pending", "9.99"),
        invoice("o4", "partial", "9.99"),
        invoice("o5", "expired", "199.99"),
      ]);

    const pub = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ totalUsers: 2, totalItemsInStorage: 12, totalOrders: 5 });
    expect(pub.headers["cache-control"]).toBe("public, max-age=300");

    const asAdmin = await t.app.inject({ method: "GET", url: "/api/stats", headers: admin.headers });
    expect(asAdmin.json()).toEqual({
      totalUsers: 2,
      totalItemsInStorage: 12,
      totalOrders: 5,
      totalSales: "44.98",
    });
    expect(asAdmin.headers["cache-control"]).toBe("private, no-store");

    // Within five minutes the public numbers come from the in-process cache; the admin's are live.
    await signIn(t.app, "StatsLate");
    const cached = await t.app.inject({ method: "GET", url: "/api/stats" });
    expect(cached.json().totalUsers).toBe(2);
    const asSeller = await t.app.inject({ method: "GET", url: "/api/stats", headers: seller.headers });
    expect(asSeller.json()).toEqual({ totalUsers: 2, totalItemsInStorage: 12, totalOrders: 5 });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/stats", headers: admin.headers })).json().totalUsers,
    ).toBe(3);
  });
});

describe.each(DRIVERS)("demo data on %s", (driver) => {
  const t = useTestApp(driver);

  it("seeds the catalogue and the demo accounts once, however often it runs", async () => {
    expect(SEED_STEPS.map((s) => s.name).slice(0, 2)).toEqual(["items", "demo-users"]);
    await seedDemoData(t.app.ctx);
    await seedDemoData(t.app.ctx);
    const db = t.app.ctx.db;
    expect(at(await db.select({ n: count() }).from(items), 0).n).toBe(36);
    for (const game of GAMES) {
      const rows = await db.select().from(items).where(eq(items.game, game));
      expect(rows.map((r) => r.codeName).sort()).toEqual(ITEM_CATALOGUE[game].map((i) => i.codeName).sort());
      for (const r of rows) {
        expect(r.codeName).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
        expect(r.imageUrl).toBe(`/item-images/${game}/${r.codeName}.svg`);
      }
    }
    expect(ITEM_CATALOGUE.mm2.find((i) => i.publicName === "Nik's Scythe")?.codeName).toBe("niks_scythe");

    const demo = await db.select().from(users).where(sql`${users.username} in ('DemoSeller', 'DemoAdmin')`);
    const seller = demo.find((u) => u.username === "DemoSeller")!;
    const admin = demo.find((u) => u.username === "DemoAdmin")!;
    expect(demo).toHaveLength(2);
    expect(seller).toMatchObject({ subscriptionTier: "pro", setupCompleted: true, isAdmin: false });
    const days = (seller.subscriptionExpiry!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(admin).toMatchObject({ isAdmin: true, setupCompleted: true });
    const robloxAccounts = await db.select().from(sandboxRobloxUsers);
    expect(robloxAccounts.find((r) => r.name === "DemoSeller")?.id).toBe(seller.robloxUserId);
    expect(robloxAccounts.find((r) => r.name === "DemoAdmin")?.id).toBe(admin.robloxUserId);
  });

  it("keeps a demo account's changes when it runs again", async () => {
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionTier: "basic" })
      .where(eq(users.username, "DemoSeller"));
    await seedDemoData(t.app.ctx);
    const [seller = missing("seller")] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.username, "DemoSeller"));
    expect(seller.subscriptionTier).toBe("basic");
  });

  it("lets the demo admin log in through the normal flow", async () => {
    const { cookie } = await signIn(t.app, "DemoAdmin");
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } })).json();
    expect(me).toMatchObject({ username: "DemoAdmin", isAdmin: true, setupCompleted: true });
  });

  it("serves each catalogue item's picture as an SVG tile", async () => {
    const [item = missing("item")] = await t.app.ctx.db
      .select()
      .from(items)
      .where(eq(items.codeName, "chroma_luger"));
    const res = await t.app.inject({ method: "GET", url: item.imageUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.body).toContain(">CL</text>");
    expect(res.body).toContain("Chroma Luger");
    for (const bad of [
      "/item-images/fortnite/x.svg",
      "/item-images/mm2/Bad-Name.svg",
      "/item-images/mm2/seer.png",
    ]) {
      expect((await t.app.inject({ method: "GET", url: bad })).statusCode, bad).toBe(404);
    }
  });
});
