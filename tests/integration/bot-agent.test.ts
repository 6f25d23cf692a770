import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { BotAgent } from "../../bot/agent.js";
import { BotApiClient } from "../../bot/api-client.js";
import { SandboxGame } from "../../bot/sandbox-game.js";
import { missing } from "../../src/server/db/rows.js";
import { orders } from "../../src/server/db/schema/index.js";
import { addPoolBot, balanceOf, createItem, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn } from "./helpers.js";

describe.each(DRIVERS)("the reference bot agent against a listening server on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  let base = "";
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  const call = async (method: string, path: string, headers: Record<string, string>, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body ? { ...headers, "content-type": "application/json" } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };

  it("credits a whitelisted trade, declines a stranger's and an unknown item's, and completes a pending withdrawal once", async () => {
    const seller = await signIn(t.app, uniqueName("Agt"), { tier: "pro" });
    const bot = await addPoolBot(t.app, "mm2");
    const item = await createItem(t.app, "mm2");
    expect(
      (await call("POST", "/api/bots/create", seller.headers, { game: "mm2" })).json.bot.botUsername,
    ).toBe(bot.botUsername);
    const friend = uniqueName("Agf");
    const friendId = await ensureRobloxUser(t.app, friend);
    expect(
      (await call("POST", "/api/bots/whitelist/add", seller.headers, { robloxUsername: friend })).status,
    ).toBe(200);
    const strangerId = await ensureRobloxUser(t.app, uniqueName("Ags"));
    const offer = (fromUserId: number, quantity: number) =>
      call(
        "POST",
        "/__sandbox/roblox/trades",
        {},
        {
          fromUserId,
          botUsername: bot.botUsername,
          game: "mm2",
          items: [{ codeName: item.codeName, quantity }],
        },
      );
    expect((await offer(friendId, 5)).status).toBe(201);
    expect((await offer(strangerId, 50)).status).toBe(201);
    const unknownItem = await call(
      "POST",
      "/__sandbox/roblox/trades",
      {},
      {
        fromUserId: friendId,
        botUsername: bot.botUsername,
        game: "mm2",
        items: [{ codeName: "not_in_the_dictionary", quantity: 1 }],
      },
    );
    expect(unknownItem.status).toBe(201);

    const key = await BotApiClient.provisionSandboxKey(base, "agent test");
    expect(key).toMatch(/^adbot_/);
    const agent = new BotAgent({
      api: new BotApiClient(base, key!),
      world: new SandboxGame(base),
      game: "mm2",
      botUsername: bot.botUsername,
    });

    const first = await agent.runOnce();
    expect(first).toMatchObject({
      bots: [bot.botUsername],
      deposits: 1,
      declined: 2,
      completed: 0,
      errors: [],
    });
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 5, reserved: 0 });
    expect((await call("GET", `/__sandbox/roblox/bots/${bot.botUsername}/offers`, {})).json.data).toEqual([]);

    const buyer = uniqueName("Agb");
    const buyerId = await ensureRobloxUser(t.app, buyer);
    const created = await call("POST", "/api/withdrawals/create", seller.headers, {
      items: [{ itemId: item.id, quantity: 2 }],
      robloxUsername: buyer,
    });
    const orderId = created.json.withdrawal.id;
    expect((await call("POST", "/api/withdrawals/turn-on", seller.headers, { orderId })).status).toBe(200);

    const second = await agent.runOnce();
    expect(second).toMatchObject({ heartbeats: 1, friendRequests: 1, completed: 1, errors: [] });
    const [order = missing("order")] = await t.app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe("completed");
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 3, reserved: 0 });
    const [mine] = (await call("GET", "/api/bots/user", seller.headers)).json.bots;
    expect(mine.status).toBe("online");

    const deliveries = (await call("GET", `/__sandbox/roblox/bots/${bot.botUsername}/deliveries`, {})).json
      .data;
    expect(deliveries).toEqual([
      expect.objectContaining({
        toUserId: buyerId,
        orderId,
        items: [{ codeName: item.codeName, quantity: 2 }],
      }),
    ]);
    const requests = (
      await call("GET", `/__sandbox/roblox/friend-requests?botUsername=${bot.botUsername}`, {})
    ).json.data;
    expect(requests).toEqual([expect.objectContaining({ toUserId: buyerId })]);

    const third = await agent.runOnce();
    expect(third).toMatchObject({ deposits: 0, friendRequests: 0, completed: 0, errors: [] });
    expect(
      (await call("GET", `/__sandbox/roblox/bots/${bot.botUsername}/deliveries`, {})).json.data,
    ).toHaveLength(1);
  });

  it("without --bot plays every assigned bot of its game and leaves the pool's free bots alone", async () => {
    const seller = await signIn(t.app, uniqueName("Agm"));
    const mine = await addPoolBot(t.app, "growagarden");
    await call("POST", "/api/bots/create", seller.headers, { game: "growagarden" });
    const free = await addPoolBot(t.app, "growagarden");
    const key = await BotApiClient.provisionSandboxKey(base, "agent test 2");
    const agent = new BotAgent({
      api: new BotApiClient(base, key!),
      world: new SandboxGame(base),
      game: "growagarden",
    });
    const summary = await agent.runOnce();
    expect(summary.bots).toContain(mine.botUsername);
    expect(summary.bots).not.toContain(free.botUsername);
  });

  it("the sandbox game: offers need a known player, settle once, and the tester's page makes them too", async () => {
    const player = uniqueName("Agp");
    const playerId = await ensureRobloxUser(t.app, player);
    const botUsername = uniqueName("Agx");
    const items = [{ codeName: "any_item", quantity: 1 }];
    const unknown = await call(
      "POST",
      "/__sandbox/roblox/trades",
      {},
      { fromUserId: 987654321, botUsername, game: "mm2", items },
    );
    expect(unknown.status).toBe(404);
    const made = await call(
      "POST",
      "/__sandbox/roblox/trades",
      {},
      { fromUserId: playerId, botUsername, game: "mm2", items },
    );
    expect(made.json).toMatchObject({ kind: "trade_offer", status: "open", fromUserId: playerId, items });
    expect((await call("POST", `/__sandbox/roblox/offers/${made.json.id}/accept`, {})).json.status).toBe(
      "accepted",
    );
    expect((await call("POST", `/__sandbox/roblox/offers/${made.json.id}/decline`, {})).status).toBe(409);

    const form = new URLSearchParams({
      from: player,
      bot: botUsername,
      game: "growagarden",
      items: "carrot x 3\nberry",
    });
    const posted = await fetch(`${base}/__sandbox/roblox/game/trade`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    const open = (await call("GET", `/__sandbox/roblox/bots/${botUsername}/offers`, {})).json.data;
    expect(open).toEqual([
      expect.objectContaining({
        game: "growagarden",
        fromUserId: playerId,
        items: [
          { codeName: "carrot", quantity: 3 },
          { codeName: "berry", quantity: 1 },
        ],
      }),
    ]);
    const page = await fetch(`${base}/__sandbox/roblox/game`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(botUsername);
  });
});
