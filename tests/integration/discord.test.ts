import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/contract/games.js";
import type { OrderStatus } from "../../src/contract/orders.js";
import { type App, buildApp } from "../../src/server/app.js";
import { testConfig } from "../../src/server/config.js";
import { items, listings, orderItems, orders, users } from "../../src/server/db/schema/index.js";
import { DiscordWebhookError } from "../../src/server/integrations/discord/index.js";
import type { RecordedDiscordMessage } from "../../src/server/integrations/discord/sandbox.js";
import { applyMovement } from "../../src/server/modules/inventory/ledger.js";
import { buildDiscordMessage } from "../../src/server/modules/notifications/messages.js";
import {
  notifyAfterDelivery,
  notifyLowStock,
  notifyOrderCreated,
  sendDiscordNotification,
} from "../../src/server/modules/notifications/service.js";
import { completeOrder } from "../../src/server/modules/orders/completion.js";
import { ORDER_CREATED_JOB } from "../../src/server/modules/orders/hooks.js";
import { apiSeller } from "./api-fixtures.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { drainJobs } from "./jobs.js";

let hookCounter = 0;
/** A webhook of its own per seller, so each test reads only its messages. */
function newWebhook(): { id: string; url: string } {
  hookCounter += 1;
  const id = String(100_000_000_000_000_000n + BigInt(process.pid) * 1000n + BigInt(hookCounter));
  return { id, url: `https://discord.com/api/webhooks/${id}/tok_${"x".repeat(30)}_${hookCounter}` };
}

async function messagesOf(app: App, webhookId: string): Promise<RecordedDiscordMessage[]> {
  const res = await app.inject({ method: "GET", url: `/__sandbox/discord/messages?webhookId=${webhookId}` });
  return res.json().messages;
}

async function waitForMessages(app: App, webhookId: string, count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await messagesOf(app, webhookId);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An order of 2 × an item, reserved from the seller's stock as the intake leaves it. */
async function reservedOrder(app: App, userId: string, status: OrderStatus, game: Game = "mm2") {
  const item = await createItem(app, game);
  await grant(app, userId, item.id, 5);
  return app.ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        source: "shopify" as const,
        status,
        game,
        shopifyOrderNumber: "4242",
        totalAmount: "19.98",
        robloxUsername: "BuyerBob",
      })
      .returning();
    await tx.insert(orderItems).values({ orderId: order.id, itemId: item.id, quantity: 2 });
    await applyMovement(tx, userId, "reservation", [{ itemId: item.id, quantity: 2 }], { orderId: order.id });
    return { order, item };
  });
}

describe.each(DRIVERS)("Discord notifications on %s", (driver) => {
  // Moved on by a test that waits out the emulator's rate-limit window, rather than sleeping through it.
  let clockAhead = 0;
  const t = useTestApp(driver, { startJobs: true, clock: () => Date.now() + clockAhead });

  async function sellerWithDiscord(
    settings: Partial<{
      orderCreatedEnabled: boolean;
      orderDeliveredEnabled: boolean;
      pingEveryone: boolean;
    }> = {},
  ) {
    const seller = await signIn(t.app, uniqueName("Notif"), { tier: "basic" });
    const hook = newWebhook();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/settings/discord-webhook",
      headers: seller.headers,
      payload: {
        webhookUrl: hook.url,
        enabled: true,
        orderCreatedEnabled: true,
        orderDeliveredEnabled: true,
        pingEveryone: false,
        ...settings,
      },
    });
    expect(res.statusCode).toBe(200);
    return { seller, hook };
  }

  it("tells the seller about a new order through the order-created hook, once however often the hook runs", async () => {
    const { seller, hook } = await sellerWithDiscord();
    const { order, item } = await reservedOrder(t.app, seller.userId, "unclaimed");
    const batch = { events: [{ userId: seller.userId, orderIds: [order.id], listingIds: [] }] };
    await t.app.ctx.jobs.send(ORDER_CREATED_JOB, batch);
    await t.app.ctx.jobs.send(ORDER_CREATED_JOB, batch);
    const [message] = await waitForMessages(t.app, hook.id, 1);
    expect(message.content).toBeNull();
    expect(message.allowedMentions).toEqual({ parse: [] });
    expect(message.embeds?.[0].title).toContain("#4242");
    expect(message.embeds?.[0].fields).toContainEqual({
      name: "Items",
      value: `2 × ${item.publicName}`,
      inline: false,
    });
    await drainJobs(t.app);
    expect(await messagesOf(t.app, hook.id)).toHaveLength(1);
  });

  it("announces every purchase of a multi-seller batch to its own seller, with the listings it sold out", async () => {
    const first = await sellerWithDiscord();
    const second = await sellerWithDiscord();
    const quiet = await sellerWithDiscord({ orderCreatedEnabled: false });
    const a = await reservedOrder(t.app, first.seller.userId, "unclaimed");
    const b = await reservedOrder(t.app, second.seller.userId, "unclaimed");
    const c = await reservedOrder(t.app, quiet.seller.userId, "unclaimed");
    const [soldOut] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: second.seller.userId,
        title: "Last bundle",
        game: "mm2",
        shopifyProductId: "3",
        shopifyVariantId: uniqueName("v"),
        stockQuantity: 0,
      })
      .returning();
    const batch = {
      events: [
        { userId: first.seller.userId, orderIds: [a.order.id], listingIds: [] },
        { userId: second.seller.userId, orderIds: [b.order.id], listingIds: [soldOut.id] },
        { userId: quiet.seller.userId, orderIds: [c.order.id], listingIds: [] },
      ],
    };
    await t.app.ctx.jobs.send(ORDER_CREATED_JOB, batch);
    await t.app.ctx.jobs.send(ORDER_CREATED_JOB, batch);
    const [toFirst] = await waitForMessages(t.app, first.hook.id, 1);
    expect(toFirst.embeds?.[0].fields).toContainEqual({
      name: "Items",
      value: `2 × ${a.item.publicName}`,
      inline: false,
    });
    const toSecond = await waitForMessages(t.app, second.hook.id, 2);
    expect(toSecond.map((m) => m.embeds?.[0].title)).toEqual(
      expect.arrayContaining([expect.stringContaining("#4242"), "⚠️ Out of stock: Last bundle"]),
    );
    await drainJobs(t.app);
    expect(await messagesOf(t.app, first.hook.id)).toHaveLength(1);
    expect(await messagesOf(t.app, second.hook.id)).toHaveLength(2);
    expect(await messagesOf(t.app, quiet.hook.id)).toEqual([]);
  });

  it("tells the seller when an order is delivered, with @everyone when ping-everyone is on", async () => {
    const { seller, hook } = await sellerWithDiscord({ pingEveryone: true });
    const { order } = await reservedOrder(t.app, seller.userId, "pending");
    await completeOrder(t.app.ctx, order.id);
    const [message] = await waitForMessages(t.app, hook.id, 1);
    expect(message.content).toBe("@everyone");
    expect(message.allowedMentions).toEqual({ parse: ["everyone"] });
    expect(message.embeds?.[0].title).toContain("delivered");
    expect(message.embeds?.[0].fields).toContainEqual({
      name: "ROBLOX username",
      value: "BuyerBob",
      inline: true,
    });
  });

  it("follows the switches and the tier", async () => {
    const { seller } = await sellerWithDiscord({ orderCreatedEnabled: false });
    const { order } = await reservedOrder(t.app, seller.userId, "unclaimed");
    const queued = (fn: typeof notifyOrderCreated) =>
      t.app.ctx.db.transaction((tx) => fn(t.app.ctx, tx, order.id));
    expect(await queued(notifyOrderCreated)).toBe(false);
    expect(await queued(notifyAfterDelivery)).toBe(true);
    expect(await queued(notifyAfterDelivery)).toBe(false);
    await t.app.ctx.db.update(users).set({ subscriptionTier: "free" }).where(eq(users.id, seller.userId));
    const { order: later } = await reservedOrder(t.app, seller.userId, "unclaimed");
    expect(await t.app.ctx.db.transaction((tx) => notifyAfterDelivery(t.app.ctx, tx, later.id))).toBe(false);
  });

  it("announces a listing that ran out of stock", async () => {
    const { seller, hook } = await sellerWithDiscord({
      orderCreatedEnabled: false,
      orderDeliveredEnabled: false,
    });
    const [listing] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.userId,
        title: "Godly bundle",
        game: "mm2",
        shopifyProductId: "1",
        shopifyVariantId: uniqueName("v"),
        stockQuantity: 0,
      })
      .returning();
    expect(await t.app.ctx.db.transaction((tx) => notifyLowStock(t.app.ctx, tx, listing.id))).toBe(true);
    const [message] = await waitForMessages(t.app, hook.id, 1);
    expect(message.embeds?.[0].title).toContain("Godly bundle");
    await t.app.ctx.db.update(listings).set({ stockQuantity: 3 }).where(eq(listings.id, listing.id));
    expect(await t.app.ctx.db.transaction((tx) => notifyLowStock(t.app.ctx, tx, listing.id))).toBe(false);
  });

  it("announces a listing that Deduct Stock empties, and not one it leaves stocked", async () => {
    const { seller, hook } = await sellerWithDiscord({
      orderCreatedEnabled: false,
      orderDeliveredEnabled: false,
    });
    await t.app.ctx.db.update(users).set({ subscriptionTier: "pro" }).where(eq(users.id, seller.userId));
    const [listing] = await t.app.ctx.db
      .insert(listings)
      .values({
        userId: seller.userId,
        title: "Chroma bundle",
        game: "mm2",
        shopifyProductId: "2",
        shopifyVariantId: uniqueName("v"),
        stockQuantity: 3,
      })
      .returning();
    const deduct = (stockToDeduct: number) =>
      t.app.inject({
        method: "POST",
        url: `/api/listings/${listing.id}/deduct-stock`,
        headers: seller.headers,
        payload: { stockToDeduct },
      });
    expect((await deduct(1)).json()).toEqual({ success: true, newStockQuantity: 2 });
    await drainJobs(t.app);
    expect(await messagesOf(t.app, hook.id)).toEqual([]);

    expect((await deduct(2)).json()).toEqual({ success: true, newStockQuantity: 0 });
    const [message] = await waitForMessages(t.app, hook.id, 1);
    expect(message.embeds?.[0].title).toBe("⚠️ Out of stock: Chroma bundle");
    await drainJobs(t.app);
    expect(await messagesOf(t.app, hook.id)).toHaveLength(1);
  });

  it("announces an order made through the public API, like a Shopify one (decision 008)", async () => {
    const { seller, createOrder, item } = await apiSeller(t.app);
    const hook = newWebhook();
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/settings/discord-webhook",
      headers: seller.headers,
      payload: {
        webhookUrl: hook.url,
        enabled: true,
        orderCreatedEnabled: true,
        orderDeliveredEnabled: true,
        pingEveryone: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    const created = await createOrder([{ codeName: item.codeName, quantity: 3 }], {
      "idempotency-key": "k1",
    });
    expect(created.statusCode).toBe(201);
    // A retry of the same request is the same order: still one message.
    await createOrder([{ codeName: item.codeName, quantity: 3 }], { "idempotency-key": "k1" });
    const [message] = await waitForMessages(t.app, hook.id, 1);
    const embed = message.embeds?.[0];
    expect(embed?.title).toBe(`🛒 New order ${created.json().id.slice(0, 8)}`);
    expect(embed?.fields).toEqual(
      expect.arrayContaining([
        { name: "Source", value: "API", inline: true },
        { name: "Items", value: `3 × ${item.publicName}`, inline: false },
      ]),
    );
    await drainJobs(t.app);
    expect(await messagesOf(t.app, hook.id)).toHaveLength(1);
  });

  it("sends a 40-line order's message within Discord's limits, whole item lines and +N more", async () => {
    const hook = newWebhook();
    const payload = {
      orderId: crypto.randomUUID(),
      orderNumber: "1040",
      source: "shopify" as const,
      games: ["mm2"],
      items: Array.from({ length: 40 }, (_, i) => ({
        name: `Chroma Elderwood Scythe no. ${i + 1}`,
        quantity: 1,
      })),
      totalAmount: "400.00",
      robloxUsername: "BuyerBob",
    };
    const message = buildDiscordMessage(
      { kind: "order_created", payload },
      { pingEveryone: false, at: new Date("2030-01-01T00:00:00Z") },
    );
    await t.app.ctx.providers.discord.executeWebhook(hook.url, message);
    const [recorded] = await messagesOf(t.app, hook.id);
    const items = recorded.embeds?.[0].fields?.find((f) => f.name === "Items")?.value ?? "";
    const lines = items.split("\n");
    expect(lines.at(-1)).toMatch(/^\+\d+ more$/);
    expect(lines.slice(0, -1)).toEqual(payload.items.slice(0, lines.length - 1).map((i) => `1 × ${i.name}`));
    expect(lines.length - 1 + Number(lines.at(-1)?.match(/\d+/)?.[0])).toBe(40);
  });

  it("waits as long as Discord's 429 retry_after says, then delivers", async () => {
    const { seller, hook } = await sellerWithDiscord();
    const limit = await t.app.inject({
      method: "POST",
      url: "/__sandbox/discord/rate-limit",
      payload: { count: 1, retryAfter: 1.5 },
    });
    expect(limit.json()).toEqual({ remaining: 1, retryAfter: 1.5 });
    const { order } = await reservedOrder(t.app, seller.userId, "unclaimed");
    await t.app.ctx.db.transaction((tx) => notifyOrderCreated(t.app.ctx, tx, order.id));
    const [message] = await waitForMessages(t.app, hook.id, 1);
    expect(message).toBeDefined();
    const state = (await t.app.inject({ method: "GET", url: "/__sandbox/discord/rate-limit" })).json();
    expect(state.remaining).toBe(0);
    expect(state.lastLimitedAt).not.toBeNull();
    const waited = new Date(message.receivedAt).getTime() - new Date(state.lastLimitedAt).getTime();
    expect(waited).toBeGreaterThanOrEqual(1450);
  });

  it("sends a job's message at most once: a run of the same job after a crash mid-send sends nothing", async () => {
    const { seller, hook } = await sellerWithDiscord();
    const job = {
      kind: "order_created",
      userId: seller.userId,
      occurredAt: "2026-01-02T03:04:05.000Z",
      payload: {
        orderId: crypto.randomUUID(),
        orderNumber: "777",
        source: "shopify" as const,
        games: ["mm2"],
        items: [{ name: "Crash Knife", quantity: 1 }],
        totalAmount: "3.00",
        robloxUsername: null,
      },
    };
    const jobId = crypto.randomUUID();
    // The first run sent the message and its process died before pg-boss heard the job finish; pg-boss runs it again.
    await sendDiscordNotification(t.app.ctx, job, jobId);
    await sendDiscordNotification(t.app.ctx, job, jobId);
    expect(await messagesOf(t.app, hook.id)).toHaveLength(1);
    // Another job (another notification) with the same content is its own message.
    await sendDiscordNotification(t.app.ctx, job, crypto.randomUUID());
    expect(await messagesOf(t.app, hook.id)).toHaveLength(2);
  });

  it("releases the delivery when Discord did not take the message, so the retry sends it", async () => {
    const { seller, hook } = await sellerWithDiscord();
    const job = {
      kind: "low_stock",
      userId: seller.userId,
      occurredAt: "2026-01-02T03:04:05.000Z",
      payload: { listingId: crypto.randomUUID(), title: "Retry bundle", game: "mm2", stockQuantity: 0 },
    };
    const jobId = crypto.randomUUID();
    const failing = {
      ...t.app.ctx,
      providers: {
        ...t.app.ctx.providers,
        discord: {
          executeWebhook: async () => {
            throw new DiscordWebhookError(503, true);
          },
        },
      },
    };
    await expect(sendDiscordNotification(failing, job, jobId)).rejects.toThrow();
    await sendDiscordNotification(t.app.ctx, job, jobId);
    expect(await messagesOf(t.app, hook.id)).toHaveLength(1);
  });

  it("rate-limits each webhook by itself as Discord does: 5 executions per 2 s, then 429 with retry_after", async () => {
    const { id } = newWebhook();
    const url = `/__sandbox/discord/api/v10/webhooks/${id}/token_abc`;
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(await t.app.inject({ method: "POST", url, payload: { content: `m${i}` } }));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(5).fill(204), ...Array(7).fill(429)]);
    expect(answers.slice(0, 5).map((a) => a.headers["x-ratelimit-remaining"])).toEqual([
      "4",
      "3",
      "2",
      "1",
      "0",
    ]);
    const limited = answers[5];
    const body = limited.json();
    expect(body).toEqual({
      message: "You are being rate limited.",
      retry_after: expect.any(Number),
      global: false,
    });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(2);
    expect(limited.headers).toMatchObject({
      "retry-after": String(Math.ceil(body.retry_after)),
      "x-ratelimit-limit": "5",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-scope": "user",
      "x-ratelimit-bucket": expect.any(String),
    });
    // Another webhook has its own bucket.
    const other = newWebhook();
    const elsewhere = await t.app.inject({
      method: "POST",
      url: `/__sandbox/discord/api/v10/webhooks/${other.id}/token_abc`,
      payload: { content: "x" },
    });
    expect(elsewhere.statusCode).toBe(204);
    clockAhead += body.retry_after * 1000 + 50;
    expect((await t.app.inject({ method: "POST", url, payload: { content: "later" } })).statusCode).toBe(204);
    expect(await messagesOf(t.app, id)).toHaveLength(6);
  });

  it("refuses what Discord refuses: an author name over 256, an embed total over 6,000, with Discord's form error", async () => {
    const { id } = newWebhook();
    const url = `/__sandbox/discord/api/v10/webhooks/${id}/token_abc`;
    const author = await t.app.inject({
      method: "POST",
      url,
      payload: { embeds: [{ title: "t", author: { name: "a".repeat(257) } }] },
    });
    expect(author.statusCode).toBe(400);
    expect(author.json()).toEqual({
      code: 50035,
      errors: {
        embeds: {
          "0": {
            author: {
              name: {
                _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 256 or fewer in length." }],
              },
            },
          },
        },
      },
      message: "Invalid Form Body",
    });
    const fields = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, value: "v".repeat(1000) }));
    const total = await t.app.inject({ method: "POST", url, payload: { embeds: [{ title: "t", fields }] } });
    expect(total.statusCode).toBe(400);
    expect(total.json().errors.embeds._errors[0].code).toBe("MAX_EMBED_SIZE_EXCEEDED");
    // The provider reports the refusal as final, so the job drops the message instead of retrying it.
    const err = await t.app.ctx.providers.discord
      .executeWebhook(`https://discord.com/api/webhooks/${id}/token_abc`, {
        embeds: [{ title: "t", fields }],
        allowed_mentions: { parse: [] },
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DiscordWebhookError);
    expect(err.status).toBe(400);
    expect(await messagesOf(t.app, id)).toHaveLength(0);
  });

  it("delivers a burst of messages to one webhook by waiting out the emulator's own 429s", async () => {
    const { seller, hook } = await sellerWithDiscord();
    for (let i = 0; i < 8; i++) {
      await t.app.ctx.jobs.send("discord.send", {
        kind: "low_stock",
        userId: seller.userId,
        occurredAt: new Date().toISOString(),
        payload: { listingId: crypto.randomUUID(), title: `Burst ${i}`, game: "mm2", stockQuantity: 0 },
      });
    }
    const messages = await waitForMessages(t.app, hook.id, 8, 30_000);
    expect(messages.map((m) => m.embeds?.[0].title).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `⚠️ Out of stock: Burst ${i}`).sort(),
    );
  }, 40_000);

  it("emulates Discord's webhook endpoint: 204, 200 with ?wait=true, 400 for an empty message, and an inbox page", async () => {
    const { id } = newWebhook();
    const url = `/__sandbox/discord/api/v10/webhooks/${id}/token_abc`;
    expect((await t.app.inject({ method: "POST", url, payload: { content: "hello" } })).statusCode).toBe(204);
    // Only the versions Discord lists as available; an unversioned path would get its deprecated default.
    const v6 = await t.app.inject({
      method: "POST",
      url: url.replace("/v10/", "/v6/"),
      payload: { content: "x" },
    });
    expect(v6.statusCode).toBe(400);
    const unversioned = url.replace("/v10/", "/");
    expect(
      (await t.app.inject({ method: "POST", url: unversioned, payload: { content: "x" } })).statusCode,
    ).toBe(404);
    const waited = await t.app.inject({
      method: "POST",
      url: `${url}?wait=true`,
      payload: { content: "<b>again</b>" },
    });
    expect(waited.statusCode).toBe(200);
    expect(waited.json()).toMatchObject({ content: "<b>again</b>", webhook_id: id });
    const empty = await t.app.inject({ method: "POST", url, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Cannot send an empty message", code: 50006 });
    expect((await messagesOf(t.app, id)).map((m) => m.content)).toEqual(["<b>again</b>", "hello"]);
    const page = await t.app.inject({ method: "GET", url: "/__sandbox/discord" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("&lt;b&gt;again&lt;/b&gt;");
    expect(page.body).not.toContain("<script");
  });
});

describe.each(DRIVERS)("a queued Discord message survives a restart on %s", (driver) => {
  // Only lends its fresh PostgreSQL database; the apps below are built and closed by the test itself.
  const t = useTestApp(driver);

  it("is delivered by the next app on the same database", async () => {
    const dataDir =
      driver === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "autodrop-discord-")) : "memory://";
    const config = testConfig(
      driver === "postgres" ? { databaseUrl: t.app.ctx.config.databaseUrl } : { dataDir },
    );
    try {
      // Creates the job queues, then stops.
      await (await buildApp(config, { startJobs: true })).close();

      const before = await buildApp(config, { startJobs: false });
      const hook = newWebhook();
      const [seller] = await before.ctx.db
        .insert(users)
        .values({
          username: uniqueName("Restart"),
          robloxUserId: 900_000_000 + hookCounter,
          subscriptionTier: "pro",
          discordWebhookUrl: hook.url,
          discordNotificationsEnabled: true,
        })
        .returning();
      const [item] = await before.ctx.db
        .insert(items)
        .values({
          game: "mm2",
          codeName: uniqueName("r").toLowerCase(),
          publicName: "Restart Knife",
          imageUrl: "/x.svg",
        })
        .returning();
      const [order] = await before.ctx.db
        .insert(orders)
        .values({ userId: seller.id, source: "api" as const, game: "mm2", totalAmount: "5.00" })
        .returning();
      await before.ctx.db.insert(orderItems).values({ orderId: order.id, itemId: item.id, quantity: 1 });
      expect(await before.ctx.db.transaction((tx) => notifyOrderCreated(before.ctx, tx, order.id))).toBe(
        true,
      );
      await before.close();

      const after = await buildApp(config, { startJobs: true });
      try {
        const [message] = await waitForMessages(after, hook.id, 1);
        expect(message?.embeds?.[0].fields).toContainEqual({
          name: "Items",
          value: "1 × Restart Knife",
          inline: false,
        });
      } finally {
        await after.close();
      }
    } finally {
      if (driver === "pglite") fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // three app starts (PGlite: three databases opened and migrated) outgrow the default on a busy machine
});
