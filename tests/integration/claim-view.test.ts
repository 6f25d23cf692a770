import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "../../src/contract/settings.js";
import { missing } from "../../src/server/db/rows.js";
import { orders, users } from "../../src/server/db/schema/index.js";
import { CLAIM_HOST, NOT_FOUND, useClaimTestApp } from "./claim-fixtures.js";
import { DRIVERS } from "./harness.js";
import { uniqueIp } from "./helpers.js";

describe.each(DRIVERS)(
  "the buyer opens the claim (spec 001 §3): the order by id and e-mail or authKey, nothing else on %s",
  (driver) => {
    const { t, call, byEmail, scenario, orderRow } = useClaimTestApp(driver);

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
      const [withdrawal = missing("withdrawal")] = await t.app.ctx.db
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

      await t.app.ctx.db
        .update(users)
        .set({ subscriptionTier: "basic" })
        .where(eq(users.id, s.seller.userId));
      expect((await call("GET", byEmail(s.order.id, s.email))).json().claimPageStyle).toBeNull();
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
  },
);
