import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { orderItems, orders } from "../../src/server/db/schema/index.js";
import { NOT_FOUND, useClaimTestApp } from "./claim-fixtures.js";
import { DRIVERS } from "./harness.js";

describe.each(DRIVERS)(
  "the checkout's claim button: the purchase by Shopify's order id and e-mail on %s",
  (driver) => {
    const { t, call, byEmail, scenario, orderRow } = useClaimTestApp(driver);

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
      const [neighbour = missing("neighbour")] = await t.app.ctx.db
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
      const unknown = await call("GET", byEmail("9007199254740995", s.email));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(NOT_FOUND);
    });

    it("Shopify's order id names a multi-game purchase's parent, never one of its sub-orders", async () => {
      const shopifyOrderId = newShopifyOrderId();
      const s = await scenario();
      const parentId = crypto.randomUUID();
      const shared = {
        userId: s.seller.userId,
        source: "shopify" as const,
        shopifyOrderId,
        customerEmail: s.email,
      };
      // The sub-order is older than its parent, so a lookup that let sub-orders in would find it first.
      const [sub = missing("sub")] = await t.app.ctx.db
        .insert(orders)
        .values({ ...shared, game: "mm2", parentOrderId: parentId, createdAt: new Date(Date.now() - 60_000) })
        .returning();
      await t.app.ctx.db.insert(orderItems).values({ orderId: sub.id, itemId: s.item.id, quantity: 1 });
      await t.app.ctx.db.insert(orders).values({ ...shared, id: parentId, game: null, totalAmount: "9.00" });
      const view = await call("GET", byEmail(shopifyOrderId, s.email));
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ id: parentId, isMultiGame: true, subOrders: [{ id: sub.id }] });
    });
  },
);
