import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { botDeposits, bots, inventoryLedger, orders } from "../../src/server/db/schema/index.js";
import { BOT_API_RATE_LIMIT } from "../../src/server/modules/auth/bot-keys.js";
import { onOrderCompleted } from "../../src/server/modules/orders/completion.js";
import {
  addPoolBot,
  balanceOf,
  createItem,
  grant,
  ledgerBalanceOf,
  newBotKey,
  uniqueName,
} from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn } from "./helpers.js";

describe.each(DRIVERS)("the Bot API on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: "POST", url, headers, payload });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

  /** A seller with a bot of their own for mm2, some stock, a whitelisted friend, and a bot key. */
  async function sellerWithBot() {
    const seller = await signIn(t.app, uniqueName("Bs"), { tier: "pro" });
    const bot = await addPoolBot(t.app, "mm2");
    await t.app.ctx.db.update(bots).set({ assignedUserId: seller.userId }).where(eq(bots.id, bot.id));
    const item = await createItem(t.app, "mm2");
    const friend = uniqueName("Fr");
    const friendId = await ensureRobloxUser(t.app, friend);
    expect(
      (await post("/api/bots/whitelist/add", seller.headers, { robloxUsername: friend })).statusCode,
    ).toBe(200);
    const { headers } = await newBotKey(t.app);
    return { seller, bot, item, friend, friendId, key: headers };
  }

  /** A withdrawal of `quantity` made pending by Turn On Bot. */
  async function pendingWithdrawal(
    seller: { userId: string; headers: Record<string, string> },
    itemId: string,
    quantity: number,
  ) {
    const buyer = uniqueName("To");
    const buyerId = await ensureRobloxUser(t.app, buyer);
    const created = await post("/api/withdrawals/create", seller.headers, {
      items: [{ itemId, quantity }],
      robloxUsername: buyer,
    });
    const orderId = created.json().withdrawal.id as string;
    expect((await post("/api/withdrawals/turn-on", seller.headers, { orderId })).statusCode).toBe(200);
    return { orderId, buyer, buyerId };
  }

  describe("bot keys", () => {
    it("an admin issues a key shown once, lists only its prefix, and revokes it", async () => {
      const admin = await signIn(t.app, uniqueName("Ka"), { admin: true });
      const created = await post("/api/admin/bot-keys", admin.headers, { name: "warehouse bot" });
      expect(created.statusCode).toBe(201);
      const { id, key, keyPrefix } = created.json();
      expect(key).toMatch(/^adbot_[A-Za-z0-9_-]{40,}$/);
      expect(key.startsWith(keyPrefix)).toBe(true);
      const list = (await get("/api/admin/bot-keys", admin.headers)).json();
      const listed = list.find((k: { id: string }) => k.id === id);
      expect(listed).toMatchObject({ name: "warehouse bot", keyPrefix, revokedAt: null });
      expect(JSON.stringify(list)).not.toContain(key);

      const auth = { authorization: `Bearer ${key}` };
      expect((await get("/api/bot/bots", auth)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "DELETE", url: `/api/admin/bot-keys/${id}`, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
      const revoked = await get("/api/bot/bots", auth);
      expect(revoked.statusCode).toBe(401);
      // Bot API errors carry a code for programs, as the public API's do.
      expect(revoked.json()).toMatchObject({ code: "invalid_bot_key" });

      const seller = await signIn(t.app, uniqueName("Kb"));
      expect((await post("/api/admin/bot-keys", seller.headers, { name: "x" })).statusCode).toBe(403);
      expect((await get("/api/bot/bots", seller.headers)).statusCode).toBe(403);
      expect((await get("/api/bot/bots", {})).statusCode).toBe(401);
    });

    it("limits requests per key with Retry-After", async () => {
      const admin = await signIn(t.app, uniqueName("Kr"), { admin: true });
      const { id, key } = (await post("/api/admin/bot-keys", admin.headers, { name: "busy" })).json();
      for (let i = 0; i < BOT_API_RATE_LIMIT.points; i++)
        await t.app.ctx.rateLimits.consume(BOT_API_RATE_LIMIT, id);
      const res = await get("/api/bot/bots", { authorization: `Bearer ${key}` });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: "rate_limited" });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect((await get("/api/bot/bots", (await newBotKey(t.app)).headers)).statusCode).toBe(200);
    });
  });

  describe("heartbeat and bot status", () => {
    it("makes a turned-on bot online for the rest of its window; an idle bot stays offline", async () => {
      const { seller, bot, item, key } = await sellerWithBot();
      const idle = await post("/api/bot/heartbeat", key, { botUsername: bot.botUsername });
      expect(idle.json()).toEqual({ botUsername: bot.botUsername, status: "offline", onlineUntil: null });
      expect((await post("/api/bot/heartbeat", key, { botUsername: "NoSuchBot" })).statusCode).toBe(404);

      await grant(t.app, seller.userId, item.id, 1);
      await pendingWithdrawal(seller, item.id, 1);
      const status = async () => (await get("/api/bots/user", seller.headers)).json().bots[0].status;
      expect(await status()).toBe("pending_online");
      const beat = await post("/api/bot/heartbeat", key, { botUsername: bot.botUsername.toLowerCase() });
      expect(beat.json()).toMatchObject({ status: "online", onlineUntil: expect.any(String) });
      expect(await status()).toBe("online");
      const listed = (await get("/api/bot/bots?game=mm2", key)).json();
      expect(listed).toContainEqual(
        expect.objectContaining({ botUsername: bot.botUsername, assigned: true, status: "online" }),
      );

      await t.app.ctx.db
        .update(bots)
        .set({ onlineUntil: new Date(Date.now() - 1000) })
        .where(eq(bots.id, bot.id));
      expect(await status()).toBe("offline");
      expect((await get("/api/bots/user", seller.headers)).json().bots[0].onlineTimeLeft).toBeNull();
      expect((await post("/api/bot/heartbeat", key, { botUsername: bot.botUsername })).json().status).toBe(
        "offline",
      );
    });
  });

  describe("deposits", () => {
    it("credits the bot's owner for a trade with the owner or a whitelisted user, with ledger rows", async () => {
      const { seller, bot, item, friendId, key } = await sellerWithBot();
      const other = await createItem(t.app, "mm2");
      const fromOwner = await post("/api/bot/deposits", key, {
        botUsername: bot.botUsername,
        partnerRobloxUserId: seller.robloxUserId,
        items: [
          { codeName: item.codeName, quantity: 2 },
          { codeName: item.codeName, quantity: 1 },
        ],
      });
      expect(fromOwner.statusCode).toBe(200);
      expect(fromOwner.json()).toMatchObject({
        success: true,
        duplicate: false,
        sellerId: seller.userId,
        credited: [{ codeName: item.codeName, itemId: item.id, quantity: 3 }],
      });
      const fromFriend = await post("/api/bot/deposits", key, {
        botUsername: bot.botUsername,
        partnerRobloxUserId: friendId,
        items: [
          { codeName: item.codeName, quantity: 1 },
          { codeName: other.codeName, quantity: 4 },
        ],
      });
      expect(fromFriend.statusCode).toBe(200);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 4, reserved: 0 });
      expect(await balanceOf(t.app, seller.userId, other.id)).toEqual({ available: 4, reserved: 0 });
      const rows = await t.app.ctx.db
        .select()
        .from(inventoryLedger)
        .where(and(eq(inventoryLedger.userId, seller.userId), eq(inventoryLedger.itemId, item.id)));
      expect(rows.map((r) => [r.kind, r.quantity])).toEqual([
        ["deposit", 3],
        ["deposit", 1],
      ]);
      const inventory = (await get("/api/inventory", seller.headers)).json();
      expect(inventory.find((e: { itemId: string }) => e.itemId === other.id).quantity).toBe(4);
    });

    it("refuses and records a trade from anyone else, credits nothing", async () => {
      const { seller, bot, item, key } = await sellerWithBot();
      const strangerId = await ensureRobloxUser(t.app, uniqueName("Str"));
      const res = await post("/api/bot/deposits", key, {
        botUsername: bot.botUsername,
        partnerRobloxUserId: strangerId,
        items: [{ codeName: item.codeName, quantity: 9 }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: "Trade partner is not the bot owner or whitelisted",
        code: "forbidden",
      });
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 0 });
      const log = await t.app.ctx.db
        .select()
        .from(botDeposits)
        .where(eq(botDeposits.partnerRobloxUserId, strangerId));
      expect(log).toEqual([
        expect.objectContaining({
          outcome: "refused",
          sellerId: seller.userId,
          reason: "Trade partner is not the bot owner or whitelisted",
        }),
      ]);
    });

    it("refuses a deposit to an unassigned bot, an unknown bot and codeNames not of the bot's game", async () => {
      const { seller, bot, item, key } = await sellerWithBot();
      const free = await addPoolBot(t.app, "mm2");
      const unassigned = await post("/api/bot/deposits", key, {
        botUsername: free.botUsername,
        partnerRobloxUserId: seller.robloxUserId,
        items: [{ codeName: item.codeName, quantity: 1 }],
      });
      expect(unassigned.statusCode).toBe(409);
      const unknownBot = await post("/api/bot/deposits", key, {
        botUsername: "NoSuchBot",
        partnerRobloxUserId: seller.robloxUserId,
        items: [{ codeName: item.codeName, quantity: 1 }],
      });
      expect(unknownBot.statusCode).toBe(404);
      const garden = await createItem(t.app, "growagarden");
      const wrongGame = await post("/api/bot/deposits", key, {
        botUsername: bot.botUsername,
        partnerRobloxUserId: seller.robloxUserId,
        items: [
          { codeName: item.codeName, quantity: 1 },
          { codeName: garden.codeName, quantity: 1 },
        ],
      });
      expect(wrongGame.statusCode).toBe(400);
      expect(wrongGame.json()).toEqual({
        error: `Unknown item codeName for mm2: ${garden.codeName}`,
        code: "invalid_request",
      });
      const zero = await post("/api/bot/deposits", key, {
        botUsername: bot.botUsername,
        partnerRobloxUserId: seller.robloxUserId,
        items: [{ codeName: item.codeName, quantity: 0 }],
      });
      expect(zero.statusCode).toBe(400);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 0 });
    });

    it("credits a trade reported twice with the same tradeRef once", async () => {
      const { seller, bot, item, key } = await sellerWithBot();
      const body = {
        botUsername: bot.botUsername,
        partnerRobloxUserId: seller.robloxUserId,
        items: [{ codeName: item.codeName, quantity: 2 }],
        tradeRef: "trade-123",
      };
      const results = await Promise.all([1, 2, 3].map(() => post("/api/bot/deposits", key, body)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
      expect(new Set(results.map((r) => r.json().depositId)).size).toBe(1);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 2, reserved: 0 });
    });
  });

  describe("work, pending orders and completion", () => {
    it("gives the bot its seller's pending orders, friend requests to send and allowed partners", async () => {
      const { seller, bot, item, friendId, key } = await sellerWithBot();
      await grant(t.app, seller.userId, item.id, 3);
      const idle = (await get(`/api/bot/work?botUsername=${bot.botUsername}`, key)).json();
      expect(idle).toMatchObject({
        orders: [],
        friendRequests: [],
        allowedPartners: [seller.robloxUserId, friendId],
      });
      expect(idle.codeNames).toContain(item.codeName);

      const { orderId, buyer, buyerId } = await pendingWithdrawal(seller, item.id, 2);
      const work = (await get(`/api/bot/work?botUsername=${bot.botUsername}`, key)).json();
      expect(work.bot).toMatchObject({ botUsername: bot.botUsername, game: "mm2", status: "pending_online" });
      expect(work.orders).toEqual([
        {
          id: orderId,
          source: "withdrawal",
          game: "mm2",
          robloxUsername: buyer,
          robloxUserId: buyerId,
          orderItems: [
            {
              codeName: item.codeName,
              publicName: item.publicName,
              quantity: 2,
              imageUrl: item.imageUrl,
              game: "mm2",
            },
          ],
          botUsername: bot.botUsername,
          createdAt: expect.any(String),
        },
      ]);
      expect(work.friendRequests).toEqual([
        { id: expect.any(String), orderId, robloxUserId: buyerId, robloxUsername: buyer },
      ]);

      expect((await post(`/api/bot/friend-requests/${work.friendRequests[0].id}/sent`, key)).statusCode).toBe(
        200,
      );
      expect((await get(`/api/bot/work?botUsername=${bot.botUsername}`, key)).json().friendRequests).toEqual(
        [],
      );
      expect((await post(`/api/bot/friend-requests/${crypto.randomUUID()}/sent`, key)).statusCode).toBe(404);

      const admin = await signIn(t.app, uniqueName("Pa"), { admin: true });
      const all = (await get("/api/admin/orders/pending?game=mm2", admin.headers)).json();
      expect(all.map((o: { id: string }) => o.id)).toContain(orderId);
      expect((await get("/api/admin/orders/pending?game=growagarden", key)).json()).toEqual([]);
      expect((await get("/api/admin/orders/pending", seller.headers)).statusCode).toBe(403);
    });

    it("completes a pending order once: reservation becomes delivery, the order completed, listeners told", async () => {
      const { seller, bot, item, key } = await sellerWithBot();
      await grant(t.app, seller.userId, item.id, 5);
      const { orderId } = await pendingWithdrawal(seller, item.id, 2);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 3, reserved: 2 });
      const told: string[] = [];
      onOrderCompleted(t.app.ctx, async ({ orderId: id }) => {
        told.push(id);
      });

      const results = await Promise.all(
        [1, 2].map(() => post(`/api/admin/orders/${orderId}/complete`, key, { status: "completed" })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const done = results.find((r) => r.statusCode === 200)!.json();
      expect(done).toEqual({
        success: true,
        order: { id: orderId, status: "completed", completedAt: expect.any(String) },
      });
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
        error: "Order is not pending",
        code: "conflict",
      });

      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 3, reserved: 0 });
      expect(await ledgerBalanceOf(t.app, seller.userId, item.id)).toEqual({ available: 3, reserved: 0 });
      const [order = missing("order")] = await t.app.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(order.status).toBe("completed");
      expect(order.completedAt).not.toBeNull();
      expect((await get("/api/withdrawals/pending", seller.headers)).json()).toEqual({
        pendingWithdrawal: null,
      });
      expect((await get(`/api/bot/work?botUsername=${bot.botUsername}`, key)).json().orders).toEqual([]);
      await expect.poll(() => told, { timeout: 10_000 }).toContain(orderId);
    });

    it("refuses to complete an order that is not pending, an unknown one, or without status completed", async () => {
      const { seller, item, key } = await sellerWithBot();
      await grant(t.app, seller.userId, item.id, 1);
      const buyer = uniqueName("Un");
      await ensureRobloxUser(t.app, buyer);
      const created = await post("/api/withdrawals/create", seller.headers, {
        items: [{ itemId: item.id, quantity: 1 }],
        robloxUsername: buyer,
      });
      const orderId = created.json().withdrawal.id;
      const unclaimed = await post(`/api/admin/orders/${orderId}/complete`, key, { status: "completed" });
      expect(unclaimed.statusCode).toBe(409);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 1 });
      const [order = missing("order")] = await t.app.ctx.db
        .select()
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(order.status).toBe("unclaimed");

      expect(
        (await post(`/api/admin/orders/${crypto.randomUUID()}/complete`, key, { status: "completed" }))
          .statusCode,
      ).toBe(404);
      expect(
        (await post(`/api/admin/orders/${orderId}/complete`, key, { status: "pending" })).statusCode,
      ).toBe(400);
      expect(
        (await post(`/api/admin/orders/${orderId}/complete`, seller.headers, { status: "completed" }))
          .statusCode,
      ).toBe(403);
    });
  });

  it("finds an Autodrop user by Roblox user id", async () => {
    const seller = await signIn(t.app, uniqueName("Rb"));
    const { headers } = await newBotKey(t.app);
    const res = await get(`/api/users/by-roblox/${seller.robloxUserId}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: seller.userId,
      username: expect.any(String),
      robloxUserId: seller.robloxUserId,
    });
    expect((await get("/api/users/by-roblox/99999999", headers)).statusCode).toBe(404);
    expect((await get("/api/users/by-roblox/abc", headers)).statusCode).toBe(400);
  });
});
