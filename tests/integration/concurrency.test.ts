import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "../../src/contract/orders.js";
import type { App } from "../../src/server/app.js";
import { missing } from "../../src/server/db/rows.js";
import { bots, orderItems, orders } from "../../src/server/db/schema/index.js";
import { InsufficientInventoryError } from "../../src/server/modules/inventory/ledger.js";
import { moveInventory } from "../../src/server/modules/inventory/service.js";
import {
  addPoolBot,
  balanceOf,
  createItem,
  grant,
  ledgerBalanceOf,
  newBotKey,
  uniqueName,
} from "./bot-fixtures.js";
import { useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn } from "./helpers.js";

/** An order from another channel (Shopify or the API) reserving its items, as order intake does. */
async function reserveOrder(
  app: App,
  userId: string,
  itemId: string,
  quantity: number,
  status: OrderStatus = "unclaimed",
) {
  return app.ctx.db.transaction(async (tx) => {
    const [order = missing("order")] = await tx
      .insert(orders)
      .values({ userId, source: "api" as const, status, game: "mm2" })
      .returning();
    await tx.insert(orderItems).values({ orderId: order.id, itemId, quantity });
    await moveInventory(app.ctx, tx, userId, "reservation", [{ itemId, quantity }], { orderId: order.id });
    return order.id;
  });
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok" as const,
    (err) => (err instanceof InsufficientInventoryError ? ("short" as const) : Promise.reject(err)),
  );

// Row locks only mean something with real concurrent connections: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)("no oversell under concurrency on postgres", () => {
  const t = useTestApp("postgres", { startJobs: true });

  it("50 reservations of one unit each over 10 available: exactly 10 succeed", async () => {
    const seller = await signIn(t.app, uniqueName("Ovs"));
    const item = await createItem(t.app, "mm2");
    await grant(t.app, seller.userId, item.id, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(reserveOrder(t.app, seller.userId, item.id, 1))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 10 });
    expect(await ledgerBalanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 10 });
    const stored = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId));
    expect(stored).toHaveLength(10);
  });

  it("50 concurrent deposits, reservations, withdrawals and completions keep the ledger equal to the balance", async () => {
    const seller = await signIn(t.app, uniqueName("Mix"), { tier: "pro" });
    const item = await createItem(t.app, "mm2");
    const bot = await addPoolBot(t.app, "mm2");
    await t.app.ctx.db.update(bots).set({ assignedUserId: seller.userId }).where(eq(bots.id, bot.id));
    const { headers: key } = await newBotKey(t.app);
    const buyer = uniqueName("Mixb");
    await ensureRobloxUser(t.app, buyer);
    await grant(t.app, seller.userId, item.id, 20);
    const pendingOrders = [];
    for (let i = 0; i < 5; i++)
      pendingOrders.push(await reserveOrder(t.app, seller.userId, item.id, 1, "pending"));

    const deposits = Array.from({ length: 15 }, () =>
      t.app.inject({
        method: "POST",
        url: "/api/bot/deposits",
        headers: key,
        payload: {
          botUsername: bot.botUsername,
          partnerRobloxUserId: seller.robloxUserId,
          items: [{ codeName: item.codeName, quantity: 1 }],
        },
      }),
    );
    const reservations = Array.from({ length: 15 }, () =>
      outcome(reserveOrder(t.app, seller.userId, item.id, 2)),
    );
    const withdrawals = Array.from({ length: 10 }, () =>
      t.app.inject({
        method: "POST",
        url: "/api/withdrawals/create",
        headers: seller.headers,
        payload: { items: [{ itemId: item.id, quantity: 3 }], robloxUsername: buyer },
      }),
    );
    const completions = [...pendingOrders, ...pendingOrders].map((id) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${id}/complete`,
        headers: key,
        payload: { status: "completed" },
      }),
    );
    const [dep, res, wd, done] = await Promise.all([
      Promise.all(deposits),
      Promise.all(reservations),
      Promise.all(withdrawals),
      Promise.all(completions),
    ]);

    expect(dep.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    expect(done.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(5).fill(409)]);
    expect(done.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const withdrawn = wd.filter((r) => r.statusCode === 200).length;
    expect(withdrawn).toBeLessThanOrEqual(1);
    expect(wd.every((r) => [200, 400, 409].includes(r.statusCode))).toBe(true);
    const reserved = res.filter((r) => r === "ok").length;

    const balance = await balanceOf(t.app, seller.userId, item.id);
    expect(balance.available).toBeGreaterThanOrEqual(0);
    expect(balance).toEqual({
      available: 20 + 15 - 5 - 2 * reserved - 3 * withdrawn,
      reserved: 2 * reserved + 3 * withdrawn,
    });
    expect(await ledgerBalanceOf(t.app, seller.userId, item.id)).toEqual(balance);
  });
});
