import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Game } from "../../src/contract/games.js";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "../../src/contract/settings.js";
import {
  botFriendRequests,
  bots,
  gameSettings,
  orderItems,
  orders,
  users,
} from "../../src/server/db/schema/index.js";
import { addPoolBot, createItem, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn, uniqueIp } from "./helpers.js";

const NOT_FOUND = { error: "Order Not Found" };
const CLAIM_HOST = "claim.autodrop.test";

describe.each(DRIVERS)("buyer claim on %s", (driver) => {
  const t = useTestApp(driver, { config: { claimHost: CLAIM_HOST } });

  /** Every call from its own address, so the per-IP limits never interfere (one test measures them on purpose). */
  const call = (method: "GET" | "POST", url: string, payload?: object, remoteAddress = uniqueIp()) =>
    t.app.inject({ method, url, payload, remoteAddress });
  const byEmail = (id: string, email: string) => `/api/orders/claim/${id}/${encodeURIComponent(email)}`;

  /** A seller with a bot for mm2, one unclaimed Shopify order of 2 × an mm2 item, and a buyer's Roblox account. */
  async function scenario(
    opts: {
      tier?: "free" | "basic" | "pro";
      status?: string;
      game?: Game;
      shopDomain?: string;
      shopifyOrderId?: string;
    } = {},
  ) {
    const game = opts.game ?? "mm2";
    const seller = await signIn(t.app, uniqueName("Seller"), { tier: opts.tier ?? "basic" });
    const item = await createItem(t.app, game);
    const bot = await addPoolBot(t.app, game);
    await t.app.ctx.db.update(bots).set({ assignedUserId: seller.userId }).where(eq(bots.id, bot.id));
    const buyer = uniqueName("Buyer");
    const buyerId = await ensureRobloxUser(t.app, buyer);
    const email = `${buyer.toLowerCase()}@example.com`;
    const authKey = randomBytes(24).toString("base64url");
    const [order] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: seller.userId,
        source: "shopify",
        status: opts.status ?? "unclaimed",
        game,
        shopDomain: opts.shopDomain ?? "shop.myshopify.com",
        shopifyOrderId: opts.shopifyOrderId ?? "5987654321098765432",
        shopifyOrderNumber: "1001",
        customerEmail: email,
        totalAmount: "12.50",
        authKey,
      })
      .returning();
    await t.app.ctx.db.insert(orderItems).values({ orderId: order.id, itemId: item.id, quantity: 2 });
    return { seller, item, bot, buyer, buyerId, email, authKey, order };
  }

  const orderRow = async (id: string) =>
    (await t.app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

  it("shows the order to a request naming it by id and e-mail (any case) or by authKey", async () => {
    const s = await scenario();
    const res = await call("GET", byEmail(s.order.id, s.email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toEqual({
      id: s.order.id,
      shopifyOrderId: "5987654321098765432",
      shopifyOrderNumber: "1001",
      status: "unclaimed",
      customerEmail: s.email,
      totalAmount: "12.50",
      items: `${s.item.codeName}_2`,
      orderItems: [
        {
          codeName: s.item.codeName,
          publicName: s.item.publicName,
          quantity: 2,
          imageUrl: s.item.imageUrl,
          game: "mm2",
        },
      ],
      robloxUsername: null,
      usernameLocked: false,
      claimedAt: null,
      game: "mm2",
      isMultiGame: false,
      subOrders: [],
      claimPageStyle: null,
    });
    const byKey = await call("GET", `/api/orders/claim-api/${s.authKey}`);
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json()).toEqual(view);
  });

  it("answers the same 404 for a wrong e-mail, a wrong authKey, an unknown id, a bad id and a withdrawal", async () => {
    const s = await scenario();
    const [withdrawal] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: s.seller.userId,
        source: "withdrawal",
        game: "mm2",
        customerEmail: s.email,
        authKey: randomBytes(24).toString("base64url"),
      })
      .returning();
    const attempts = [
      byEmail(s.order.id, "someone.else@example.com"),
      byEmail(s.order.id, `${s.email}x`),
      byEmail(crypto.randomUUID(), s.email),
      byEmail("not-a-uuid", s.email),
      byEmail(withdrawal.id, s.email),
      `/api/orders/claim-api/${s.authKey}x`,
      `/api/orders/claim-api/${withdrawal.authKey}`,
    ];
    for (const url of attempts) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
    }
    const writes: [string, object][] = [
      ["/api/orders/claim", { orderId: s.order.id, email: "x@example.com", robloxUsername: s.buyer }],
      ["/api/orders/claim-api", { authKey: "nope", robloxUsername: s.buyer }],
      [
        "/api/orders/claim/lock-username",
        { orderId: s.order.id, email: "x@example.com", robloxUsername: s.buyer },
      ],
      ["/api/orders/claim/reset-username", { orderId: s.order.id, authKey: "nope" }],
      ["/api/bots/turn-on", { orderId: s.order.id, email: "x@example.com", game: "mm2" }],
      [
        "/api/friend-requests",
        { orderId: s.order.id, email: "x@example.com", username: s.buyer, botUserId: null },
      ],
    ];
    for (const [url, body] of writes) {
      const res = await call("POST", url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
    }
    expect((await orderRow(s.order.id)).usernameLocked).toBe(false);
  });

  it("never carries the seller's data, the authKey or another order", async () => {
    const s = await scenario({ tier: "pro" });
    await t.app.ctx.db
      .update(users)
      .set({
        email: "seller@private.example",
        discordWebhookUrl: "https://discord.com/api/webhooks/123456789012345678/secrettokensecrettoken",
      })
      .where(eq(users.id, s.seller.userId));
    const other = await scenario();
    const body = (await call("GET", byEmail(s.order.id, s.email))).body;
    for (const secret of [
      s.authKey,
      s.seller.userId,
      "seller@private.example",
      "secrettoken",
      other.order.id,
      other.authKey,
      s.bot.botUsername,
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it("locks the username on both paths; a different name needs Change Username first", async () => {
    const s = await scenario();
    const blank = await call("POST", "/api/orders/claim", {
      orderId: s.order.id,
      email: s.email,
      robloxUsername: "   ",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: "Please enter a ROBLOX username" });
    const unknown = await call("POST", "/api/orders/claim", {
      orderId: s.order.id,
      email: s.email,
      robloxUsername: "NoSuchUser_zz9",
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: "ROBLOX user not found" });

    const res = await call("POST", "/api/orders/claim", {
      orderId: s.order.id,
      email: s.email,
      robloxUsername: s.buyer.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      order: { usernameLocked: true, robloxUsername: s.buyer, status: "unclaimed" },
    });
    const row = await orderRow(s.order.id);
    expect(row).toMatchObject({ usernameLocked: true, robloxUsername: s.buyer, robloxUserId: s.buyerId });
    expect(row.claimedAt).toBeInstanceOf(Date);

    const again = await call("POST", "/api/orders/claim-api", {
      authKey: s.authKey,
      robloxUsername: s.buyer,
    });
    expect(again.statusCode).toBe(200);
    const otherName = uniqueName("Other");
    await ensureRobloxUser(t.app, otherName);
    const taken = await call("POST", "/api/orders/claim-api", {
      authKey: s.authKey,
      robloxUsername: otherName,
    });
    expect(taken.statusCode).toBe(409);
    expect((await orderRow(s.order.id)).robloxUsername).toBe(s.buyer);
  });

  it("lock-username needs the e-mail or the authKey as well as the order id", async () => {
    const s = await scenario();
    const bare = await call("POST", "/api/orders/claim/lock-username", {
      orderId: s.order.id,
      robloxUsername: s.buyer,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toContain("send orderId with email, or authKey");
    const withKey = await call("POST", "/api/orders/claim/lock-username", {
      orderId: s.order.id,
      authKey: s.authKey,
      robloxUsername: s.buyer,
    });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().order.usernameLocked).toBe(true);
  });

  it("refuses to claim an order that failed for lack of stock, and shows it as such", async () => {
    const s = await scenario({ status: "failed_no_stock" });
    expect((await call("GET", byEmail(s.order.id, s.email))).json().status).toBe("failed_no_stock");
    for (const [url, body] of [
      ["/api/orders/claim", { orderId: s.order.id, email: s.email, robloxUsername: s.buyer }],
      ["/api/orders/claim-api", { authKey: s.authKey, robloxUsername: s.buyer }],
      ["/api/bots/turn-on", { authKey: s.authKey, game: "mm2" }],
    ] as const) {
      const res = await call("POST", url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ error: "An error occurred with this order" });
    }
  });

  it("step 2 turns the seller's bot on, makes the order pending and gives the server link", async () => {
    const s = await scenario();
    await t.app.ctx.db
      .insert(gameSettings)
      .values({ game: "mm2", privateServerLink: "https://www.roblox.com/share?code=game-link" })
      .onConflictDoUpdate({
        target: gameSettings.game,
        set: { privateServerLink: "https://www.roblox.com/share?code=game-link" },
      });
    const early = await call("POST", "/api/bots/turn-on", {
      orderId: s.order.id,
      email: s.email,
      game: "mm2",
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "Please confirm your ROBLOX username first" });

    await call("POST", "/api/orders/claim", { orderId: s.order.id, email: s.email, robloxUsername: s.buyer });
    const wrongGame = await call("POST", "/api/bots/turn-on", {
      orderId: s.order.id,
      email: s.email,
      game: "growagarden",
    });
    expect(wrongGame.statusCode).toBe(400);

    const before = Date.now();
    const res = await call("POST", "/api/bots/turn-on", { orderId: s.order.id, email: s.email, game: "mm2" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      serverLink: "https://www.roblox.com/share?code=game-link",
      botUsername: s.bot.botUsername,
      botUserId: s.bot.robloxUserId,
    });
    expect(await orderRow(s.order.id)).toMatchObject({ status: "pending", botId: s.bot.id });
    const [bot] = await t.app.ctx.db.select().from(bots).where(eq(bots.id, s.bot.id));
    expect(bot.status).toBe("pending_online");
    expect(bot.onlineUntil!.getTime() - before).toBeGreaterThanOrEqual(299_000);
    expect(bot.onlineUntil!.getTime() - Date.now()).toBeLessThanOrEqual(300_000);

    const server = await call(
      "GET",
      `/api/orders/private-server/${s.order.id}/${encodeURIComponent(s.email)}`,
    );
    expect(server.statusCode).toBe(200);
    expect(server.json()).toMatchObject({
      serverLink: "https://www.roblox.com/share?code=game-link",
      gameType: "mm2",
    });
    await t.app.ctx.db
      .update(bots)
      .set({ privateServerLink: "https://www.roblox.com/share?code=bot-link" })
      .where(eq(bots.id, s.bot.id));
    const viaKey = await call("GET", `/api/orders/private-server-api/${s.authKey}`);
    expect(viaKey.json().serverLink).toBe("https://www.roblox.com/share?code=bot-link");
    expect(
      (await call("GET", `/api/orders/private-server/${s.order.id}/wrong%40example.com`)).json(),
    ).toEqual(NOT_FOUND);
  });

  it("sends the bot's friend request to the locked buyer only, recorded in the sandbox game", async () => {
    const s = await scenario();
    await call("POST", "/api/orders/claim-api", { authKey: s.authKey, robloxUsername: s.buyer });
    const early = await call("POST", "/api/friend-requests", {
      authKey: s.authKey,
      username: s.buyer,
      botUserId: s.bot.robloxUserId,
    });
    expect(early.statusCode).toBe(409);
    const { botUserId } = (
      await call("POST", "/api/bots/turn-on", { authKey: s.authKey, game: "mm2" })
    ).json();

    const stranger = await call("POST", "/api/friend-requests", {
      authKey: s.authKey,
      username: "SomeoneElse",
      botUserId,
    });
    expect(stranger.statusCode).toBe(400);
    const wrongBot = await call("POST", "/api/friend-requests", {
      authKey: s.authKey,
      username: s.buyer,
      botUserId: botUserId + 1,
    });
    expect(wrongBot.statusCode).toBe(400);

    const res = await call("POST", "/api/friend-requests", {
      authKey: s.authKey,
      username: s.buyer,
      botUserId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const sandbox = await t.app.inject({
      method: "GET",
      url: `/__sandbox/roblox/friend-requests?botUsername=${s.bot.botUsername}&toUserId=${s.buyerId}`,
    });
    expect(sandbox.json().data).toHaveLength(1);
    const [queued] = await t.app.ctx.db
      .select()
      .from(botFriendRequests)
      .where(eq(botFriendRequests.orderId, s.order.id));
    expect(queued).toMatchObject({ botId: s.bot.id, robloxUserId: s.buyerId, status: "sent" });
  });

  it("Change Username returns a pending order to unclaimed, and is refused once the order is completed", async () => {
    const s = await scenario();
    await call("POST", "/api/orders/claim", { orderId: s.order.id, email: s.email, robloxUsername: s.buyer });
    await call("POST", "/api/bots/turn-on", { orderId: s.order.id, email: s.email, game: "mm2" });
    expect((await orderRow(s.order.id)).status).toBe("pending");

    const reset = await call("POST", "/api/orders/claim/reset-username", {
      orderId: s.order.id,
      email: s.email,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().order).toMatchObject({
      status: "unclaimed",
      usernameLocked: false,
      robloxUsername: null,
      claimedAt: null,
    });
    expect(await orderRow(s.order.id)).toMatchObject({
      status: "unclaimed",
      robloxUserId: null,
      botId: null,
    });
    expect(
      await t.app.ctx.db.select().from(botFriendRequests).where(eq(botFriendRequests.orderId, s.order.id)),
    ).toEqual([]);

    await call("POST", "/api/orders/claim-api", { authKey: s.authKey, robloxUsername: s.buyer });
    await t.app.ctx.db
      .update(orders)
      .set({ status: "completed", completedAt: new Date() })
      .where(eq(orders.id, s.order.id));
    const late = await call("POST", "/api/orders/claim/reset-username", {
      orderId: s.order.id,
      authKey: s.authKey,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: "This order has already been completed" });
    expect((await orderRow(s.order.id)).robloxUsername).toBe(s.buyer);
    const relock = await call("POST", "/api/orders/claim", {
      orderId: s.order.id,
      email: s.email,
      robloxUsername: s.buyer,
    });
    expect(relock.statusCode).toBe(409);
  });

  it("applies the seller's claim page style only while the seller is pro", async () => {
    const s = await scenario({ tier: "pro" });
    const style = {
      ...CLAIM_PAGE_STYLE_DEFAULTS,
      headerText: "Welcome to Knife Kings",
      accentColor: "#ff0055",
    };
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/settings/claim-page-style",
      headers: s.seller.headers,
      payload: { style },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call("GET", byEmail(s.order.id, s.email))).json().claimPageStyle).toEqual(style);

    await t.app.ctx.db.update(users).set({ subscriptionTier: "basic" }).where(eq(users.id, s.seller.userId));
    expect((await call("GET", byEmail(s.order.id, s.email))).json().claimPageStyle).toBeNull();
  });

  it("shows a multi-game purchase with its sub-orders; the buyer claims one game's order at a time", async () => {
    const s = await scenario();
    const pet = await createItem(t.app, "bubblegumsimulator");
    const [parent] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: s.seller.userId,
        source: "shopify",
        game: null,
        customerEmail: s.email,
        totalAmount: "30.00",
        shopifyOrderNumber: "1002",
      })
      .returning();
    const [mm2Sub] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: s.seller.userId,
        source: "shopify",
        game: "mm2",
        parentOrderId: parent.id,
        customerEmail: null,
        totalAmount: "0",
      })
      .returning();
    const [bgsSub] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: s.seller.userId,
        source: "shopify",
        game: "bubblegumsimulator",
        parentOrderId: parent.id,
        customerEmail: null,
      })
      .returning();
    await t.app.ctx.db.insert(orderItems).values([
      { orderId: mm2Sub.id, itemId: s.item.id, quantity: 1 },
      { orderId: bgsSub.id, itemId: pet.id, quantity: 3 },
    ]);

    const view = (await call("GET", byEmail(parent.id, s.email))).json();
    expect(view.isMultiGame).toBe(true);
    expect(view.subOrders.map((o: { id: string }) => o.id).sort()).toEqual([mm2Sub.id, bgsSub.id].sort());
    expect(view.orderItems).toHaveLength(2);
    expect(view.subOrders.find((o: { id: string }) => o.id === bgsSub.id).items).toBe(`${pet.codeName}_3`);

    const onParent = await call("POST", "/api/orders/claim", {
      orderId: parent.id,
      email: s.email,
      robloxUsername: s.buyer,
    });
    expect(onParent.statusCode).toBe(400);
    expect(onParent.json()).toEqual({ error: "Please select which game's order to claim" });

    const sub = await call("POST", "/api/orders/claim", {
      orderId: mm2Sub.id,
      email: s.email,
      robloxUsername: s.buyer,
    });
    expect(sub.statusCode).toBe(200);
    const turnOn = await call("POST", "/api/bots/turn-on", {
      orderId: parent.id,
      email: s.email,
      game: "mm2",
    });
    expect(turnOn.statusCode).toBe(200);
    expect((await orderRow(mm2Sub.id)).status).toBe("pending");
    expect((await orderRow(bgsSub.id)).status).toBe("unclaimed");
  });

  /** A Shopify order id of its own per test (the ids of every scenario are otherwise the same). */
  const newShopifyOrderId = () => `7${Date.now()}${Math.floor(Math.random() * 1000)}`;

  it("claims through Shopify's order id with the e-mail, as the checkout's claim button links", async () => {
    const shopifyOrderId = newShopifyOrderId();
    const s = await scenario({ shopifyOrderId });
    const byOurs = (await call("GET", byEmail(s.order.id, s.email))).json();
    const view = await call("GET", byEmail(shopifyOrderId, s.email.toUpperCase()));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual(byOurs);
    expect(view.json()).toMatchObject({ id: s.order.id, shopifyOrderId });

    const byShopify = { orderId: shopifyOrderId, email: s.email };
    const claim = await call("POST", "/api/orders/claim", { ...byShopify, robloxUsername: s.buyer });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({
      success: true,
      order: { id: s.order.id, usernameLocked: true, robloxUsername: s.buyer },
    });
    expect(await orderRow(s.order.id)).toMatchObject({ usernameLocked: true, robloxUserId: s.buyerId });
    const relock = await call("POST", "/api/orders/claim/lock-username", {
      ...byShopify,
      robloxUsername: s.buyer,
    });
    expect(relock.statusCode).toBe(200);

    const turnOn = await call("POST", "/api/bots/turn-on", { ...byShopify, game: "mm2" });
    expect(turnOn.statusCode).toBe(200);
    expect(turnOn.json().botUsername).toBe(s.bot.botUsername);
    expect(await orderRow(s.order.id)).toMatchObject({ status: "pending", botId: s.bot.id });
    const server = await call(
      "GET",
      `/api/orders/private-server/${shopifyOrderId}/${encodeURIComponent(s.email)}`,
    );
    expect(server.statusCode).toBe(200);
    expect(server.json().gameType).toBe("mm2");
    const friend = await call("POST", "/api/friend-requests", {
      ...byShopify,
      username: s.buyer,
      botUserId: turnOn.json().botUserId,
    });
    expect(friend.statusCode).toBe(200);

    const reset = await call("POST", "/api/orders/claim/reset-username", byShopify);
    expect(reset.statusCode).toBe(200);
    expect(await orderRow(s.order.id)).toMatchObject({ status: "unclaimed", usernameLocked: false });
  });

  it("answers the same 404 for Shopify's order id with a wrong e-mail; two shops' same id go by e-mail", async () => {
    const shopifyOrderId = newShopifyOrderId();
    const s = await scenario({ shopifyOrderId, shopDomain: "first.myshopify.com" });
    const other = await scenario({ shopifyOrderId, shopDomain: "second.myshopify.com" });
    for (const url of [
      byEmail(shopifyOrderId, "someone.else@example.com"),
      byEmail(shopifyOrderId, `${s.email}x`),
      byEmail(`${shopifyOrderId}0`, s.email),
      `/api/orders/private-server/${shopifyOrderId}/wrong%40example.com`,
    ]) {
      const res = await call("GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
    }
    const wrong = { orderId: shopifyOrderId, email: "x@example.com" };
    for (const [url, body] of [
      ["/api/orders/claim", { ...wrong, robloxUsername: s.buyer }],
      ["/api/orders/claim/lock-username", { ...wrong, robloxUsername: s.buyer }],
      ["/api/orders/claim/reset-username", wrong],
      ["/api/bots/turn-on", { ...wrong, game: "mm2" }],
      ["/api/friend-requests", { ...wrong, username: s.buyer, botUserId: null }],
    ] as const) {
      const res = await call("POST", url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
    }
    expect((await call("GET", byEmail(shopifyOrderId, s.email))).json().id).toBe(s.order.id);
    expect((await call("GET", byEmail(shopifyOrderId, other.email))).json().id).toBe(other.order.id);
    const claimOther = await call("POST", "/api/orders/claim", {
      orderId: shopifyOrderId,
      email: other.email,
      robloxUsername: other.buyer,
    });
    expect(claimOther.statusCode).toBe(200);
    expect((await orderRow(other.order.id)).usernameLocked).toBe(true);
    expect((await orderRow(s.order.id)).usernameLocked).toBe(false);
  });

  it("matches a Shopify order id above 2^53 exactly, as a string", async () => {
    // 2^53 + 1 becomes 2^53 as a JavaScript number: a rounded id would find the other order.
    const s = await scenario({ shopifyOrderId: "9007199254740993" });
    const [neighbour] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: s.seller.userId,
        source: "shopify",
        game: "mm2",
        shopDomain: "shop.myshopify.com",
        shopifyOrderId: "9007199254740992",
        customerEmail: s.email,
        totalAmount: "1.00",
      })
      .returning();
    const exact = await call("GET", byEmail("9007199254740993", s.email));
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ id: s.order.id, shopifyOrderId: "9007199254740993" });
    expect((await call("GET", byEmail("9007199254740992", s.email))).json().id).toBe(neighbour.id);
    const missing = await call("GET", byEmail("9007199254740995", s.email));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it("Shopify's order id names a multi-game purchase's parent, never one of its sub-orders", async () => {
    const shopifyOrderId = newShopifyOrderId();
    const s = await scenario();
    const parentId = crypto.randomUUID();
    const shared = { userId: s.seller.userId, source: "shopify", shopifyOrderId, customerEmail: s.email };
    // The sub-order is older than its parent, so a lookup that let sub-orders in would find it first.
    const [sub] = await t.app.ctx.db
      .insert(orders)
      .values({ ...shared, game: "mm2", parentOrderId: parentId, createdAt: new Date(Date.now() - 60_000) })
      .returning();
    await t.app.ctx.db.insert(orderItems).values({ orderId: sub.id, itemId: s.item.id, quantity: 1 });
    await t.app.ctx.db.insert(orders).values({ ...shared, id: parentId, game: null, totalAmount: "9.00" });
    const view = await call("GET", byEmail(shopifyOrderId, s.email));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ id: parentId, isMultiGame: true, subOrders: [{ id: sub.id }] });
  });

  it("names the claim host for the Access Restricted screen", async () => {
    const res = await call("GET", "/api/claim/config");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ claimHost: CLAIM_HOST });
  });

  it("limits claim calls per IP address", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call("POST", "/api/orders/claim/reset-username", { authKey: "nope" }, ip)).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await call("POST", "/api/orders/claim/reset-username", { authKey: "nope" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await call("POST", "/api/orders/claim/reset-username", { authKey: "nope" })).statusCode).toBe(
      404,
    );
  });
});
