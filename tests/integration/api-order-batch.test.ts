import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TEXTS } from "../../src/contract/api.js";
import { apiIdempotencyKeys, orders, users, webhookDeliveries } from "../../src/server/db/schema/index.js";
import { HttpError } from "../../src/server/http/errors.js";
import { createApiOrders } from "../../src/server/modules/api-v1/create-order.js";
import { hashToken } from "../../src/server/modules/auth/index.js";
import { apiSeller } from "./api-fixtures.js";
import { balanceOf, createItem, grant } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { jobsNaming } from "./jobs.js";

const errorOf = (result: object) => {
  if (!("error" in result) || !(result.error instanceof HttpError)) throw new Error("expected an error");
  return { status: result.error.statusCode, message: result.error.message };
};

describe.each(DRIVERS)("create-order batches on %s", (driver) => {
  const t = useTestApp(driver);

  it("decides each request of a batch on its own, in arrival order: answers, refusals, replays and keys given back", async () => {
    const a = await apiSeller(t.app, { units: 5 });
    const b = await apiSeller(t.app, { units: 2 });
    const extra = await createItem(t.app, "mm2");
    await grant(t.app, a.seller.userId, extra.id, 1);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/api-integration/webhook",
      headers: a.seller.headers,
      payload: { url: `${t.app.ctx.config.publicUrl}/__sandbox/webhooks/receiver` },
    });
    expect(saved.statusCode).toBe(200);
    const line = (codeName: string, quantity: number) => ({ items: [{ codeName, quantity }] });
    const results = await createApiOrders(t.app.ctx, [
      { keyHash: hashToken(a.key), body: line(a.item.codeName, 4), idempotencyKey: "k1" },
      { keyHash: hashToken(b.key), body: line(b.item.codeName, 3), idempotencyKey: "k2" },
      { keyHash: hashToken(a.key), body: line(a.item.codeName, 2) },
      { keyHash: hashToken(a.key), body: line(a.item.codeName, 4), idempotencyKey: "k1" },
      { keyHash: hashToken(a.key), body: line(a.item.codeName, 1), idempotencyKey: "k1" },
      { keyHash: hashToken(b.key), body: line("no_such_item", 1) },
      {
        keyHash: hashToken(a.key),
        body: {
          items: [
            { codeName: extra.codeName, quantity: 1 },
            { codeName: a.item.codeName, quantity: 1 },
          ],
        },
      },
    ]);

    const first = results[0];
    if (!first || !("order" in first)) throw new Error("the first order was refused");
    expect(first).toMatchObject({ replayed: false, order: { status: "unclaimed", game: "mm2" } });
    expect(first.order.items).toEqual([
      { codeName: a.item.codeName, displayName: a.item.publicName, quantity: 4 },
    ]);
    expect(errorOf(results[1] ?? {})).toEqual({
      status: 400,
      message: API_TEXTS.insufficientInventory(b.item.codeName, 2),
    });
    // The first order took 4 of the 5 units before this one was decided.
    expect(errorOf(results[2] ?? {})).toEqual({
      status: 400,
      message: API_TEXTS.insufficientInventory(a.item.codeName, 1),
    });
    expect(results[3]).toMatchObject({ order: first.order, replayed: true });
    expect(errorOf(results[4] ?? {})).toEqual({ status: 422, message: API_TEXTS.idempotencyReused });
    expect(errorOf(results[5] ?? {})).toEqual({
      status: 400,
      message: API_TEXTS.unknownItem("no_such_item"),
    });
    const last = results[6];
    if (!last || !("order" in last)) throw new Error("the last order was refused");
    expect(last.order.items.map((i) => i.codeName)).toEqual([a.item.codeName, extra.codeName].sort());

    expect(await balanceOf(t.app, a.seller.userId, a.item.id)).toEqual({ available: 0, reserved: 5 });
    expect(await balanceOf(t.app, a.seller.userId, extra.id)).toEqual({ available: 0, reserved: 1 });
    expect(await balanceOf(t.app, b.seller.userId, b.item.id)).toEqual({ available: 2, reserved: 0 });
    const stored = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, a.seller.userId));
    expect(stored.map((o) => o.id).sort()).toEqual([first.order.id, last.order.id].sort());
    const [key] = await t.app.ctx.db
      .select()
      .from(apiIdempotencyKeys)
      .where(and(eq(apiIdempotencyKeys.userId, a.seller.userId), eq(apiIdempotencyKeys.key, "k1")));
    expect(key).toMatchObject({ statusCode: 201, response: first.order });
    // The refused request gave its key back, so a corrected retry may use it.
    const released = await t.app.ctx.db
      .select()
      .from(apiIdempotencyKeys)
      .where(eq(apiIdempotencyKeys.userId, b.seller.userId));
    expect(released).toEqual([]);
    const deliveries = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, a.seller.userId));
    expect(deliveries.map((d) => d.orderId).sort()).toEqual([first.order.id, last.order.id].sort());
    expect(JSON.parse(deliveries.find((d) => d.orderId === first.order.id)?.body ?? "{}")).toMatchObject({
      type: "order.created",
      data: { order: first.order },
    });

    const retried = await b.createOrder([{ codeName: b.item.codeName, quantity: 2 }], {
      "idempotency-key": "k2",
    });
    expect(retried.statusCode).toBe(201);
  });

  it("queues the orders.created follow-up only for sellers with Discord on", async () => {
    const queued = (userId: string) => jobsNaming(t.app, "orders.created", userId);
    const a = await apiSeller(t.app, { tier: "pro" });
    expect((await a.createOrder()).statusCode).toBe(201);
    expect(await queued(a.seller.userId)).toBe(0);

    await t.app.ctx.db
      .update(users)
      .set({
        discordWebhookUrl: "https://discord.com/api/webhooks/1/follow-up",
        discordNotificationsEnabled: true,
      })
      .where(eq(users.id, a.seller.userId));
    expect((await a.createOrder()).statusCode).toBe(201);
    expect(await queued(a.seller.userId)).toBe(1);
  });
});
