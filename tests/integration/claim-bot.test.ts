import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { botFriendRequests, bots, gameSettings } from "../../src/server/db/schema/index.js";
import { NOT_FOUND, useClaimTestApp } from "./claim-fixtures.js";
import { DRIVERS } from "./harness.js";

describe.each(DRIVERS)(
  "step 2: the seller's bot turned on, the private server, the friend request on %s",
  (driver) => {
    const { t, call, scenario, orderRow } = useClaimTestApp(driver);

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

      await call("POST", "/api/orders/claim", {
        orderId: s.order.id,
        email: s.email,
        robloxUsername: s.buyer,
      });
      const wrongGame = await call("POST", "/api/bots/turn-on", {
        orderId: s.order.id,
        email: s.email,
        game: "growagarden",
      });
      expect(wrongGame.statusCode).toBe(400);

      const before = Date.now();
      const res = await call("POST", "/api/bots/turn-on", {
        orderId: s.order.id,
        email: s.email,
        game: "mm2",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        serverLink: "https://www.roblox.com/share?code=game-link",
        botUsername: s.bot.botUsername,
        botUserId: s.bot.robloxUserId,
      });
      expect(await orderRow(s.order.id)).toMatchObject({ status: "pending", botId: s.bot.id });
      const [bot = missing("bot")] = await t.app.ctx.db.select().from(bots).where(eq(bots.id, s.bot.id));
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
  },
);
