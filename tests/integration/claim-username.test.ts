import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botFriendRequests, orders } from "../../src/server/db/schema/index.js";
import { uniqueName } from "./bot-fixtures.js";
import { useClaimTestApp } from "./claim-fixtures.js";
import { DRIVERS } from "./harness.js";
import { ensureRobloxUser } from "./helpers.js";

describe.each(DRIVERS)(
  "step 1: the Roblox username locked to the order, and Change Username on %s",
  (driver) => {
    const { t, call, byEmail, scenario, orderRow } = useClaimTestApp(driver);

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

    it("Change Username returns a pending order to unclaimed, and is refused once the order is completed", async () => {
      const s = await scenario();
      await call("POST", "/api/orders/claim", {
        orderId: s.order.id,
        email: s.email,
        robloxUsername: s.buyer,
      });
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
  },
);
