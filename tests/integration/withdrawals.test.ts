import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { botFriendRequests, bots, orderItems, orders, users } from "../../src/server/db/schema/index.js";
import { addPoolBot, balanceOf, createItem, grant, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn, uniqueIp } from "./helpers.js";

describe.each(DRIVERS)("withdrawals on %s", (driver) => {
  const t = useTestApp(driver);
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url, headers, payload });
  const pending = (headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/api/withdrawals/pending", headers });

  /** A pro seller holding 5 of one mm2 item and 2 of another, plus a bgs item, and a Roblox account to send to. */
  async function stockedSeller(tier: "basic" | "pro" = "pro") {
    const seller = await signIn(t.app, uniqueName("Wd"), { tier });
    const [knife = missing("knife"), gun = missing("gun"), pet = missing("pet")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
      await createItem(t.app, "bubblegumsimulator"),
    ];
    await grant(t.app, seller.userId, knife.id, 5);
    await grant(t.app, seller.userId, gun.id, 2);
    await grant(t.app, seller.userId, pet.id, 1);
    const alt = uniqueName("Alt");
    const altId = await ensureRobloxUser(t.app, alt);
    return { seller, knife, gun, pet, alt, altId };
  }

  it("needs a Basic or Pro subscription that has not expired", async () => {
    const free = await signIn(t.app, uniqueName("Free"), { tier: "free" });
    const tier = { error: "Withdrawals require a Basic or Pro subscription" };
    const create = await post("/api/withdrawals/create", free.headers, { items: [], robloxUsername: "x" });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual(tier);
    expect((await pending(free.headers)).statusCode).toBe(403);
    const turnOn = await post("/api/withdrawals/turn-on", free.headers, { orderId: crypto.randomUUID() });
    expect(turnOn.statusCode).toBe(403);

    const lapsed = await signIn(t.app, uniqueName("Lapsed"), { tier: "basic" });
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, lapsed.userId));
    expect((await pending(lapsed.headers)).json()).toEqual(tier);

    const basic = await signIn(t.app, uniqueName("Basic"), { tier: "basic" });
    expect((await pending(basic.headers)).json()).toEqual({ pendingWithdrawal: null });
    expect((await t.app.inject({ method: "GET", url: "/api/withdrawals/pending" })).statusCode).toBe(401);
  });

  it("applies the rules of spec 000 §5 with their exact texts, and changes nothing when it refuses", async () => {
    const { seller, knife, gun, pet, alt } = await stockedSeller();
    const create = (items: object[], robloxUsername = alt) =>
      post("/api/withdrawals/create", seller.headers, { items, robloxUsername });
    const refusals: [object[], string, string?][] = [
      [[], "Please select at least one item"],
      [
        [
          { itemId: knife.id, quantity: 1 },
          { itemId: pet.id, quantity: 1 },
        ],
        "Cannot mix items from different games",
      ],
      [[{ itemId: knife.id, quantity: 1 }], "Please enter your ROBLOX username", "   "],
      [[{ itemId: knife.id, quantity: 0 }], `Quantity for ${knife.publicName} must be between 1 and 5`],
      [[{ itemId: knife.id, quantity: 6 }], `Quantity for ${knife.publicName} must be between 1 and 5`],
      [
        [
          { itemId: gun.id, quantity: 2 },
          { itemId: gun.id, quantity: 1 },
        ],
        `Quantity for ${gun.publicName} must be between 1 and 2`,
      ],
      [[{ itemId: crypto.randomUUID(), quantity: 1 }], "Item not found"],
    ];
    for (const [items, error, username] of refusals) {
      const res = await create(items, username);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const unknownUser = await create([{ itemId: knife.id, quantity: 1 }], "NoSuchPlayer77");
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toEqual({ error: "ROBLOX user not found" });
    const badShape = await create([{ itemId: "not-a-uuid", quantity: 1 }]);
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().error).toContain("items.0.itemId");

    expect(await balanceOf(t.app, seller.userId, knife.id)).toEqual({ available: 5, reserved: 0 });
    expect(await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId))).toEqual([]);
  });

  it("creates an unclaimed withdrawal order locked to the validated Roblox user and reserves its items", async () => {
    const { seller, knife, gun, alt, altId } = await stockedSeller("basic");
    const res = await post("/api/withdrawals/create", seller.headers, {
      items: [
        { itemId: knife.id, quantity: 2 },
        { itemId: gun.id, quantity: 2 },
      ],
      robloxUsername: alt.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    const { withdrawal } = res.json();
    expect(withdrawal).toEqual({
      id: expect.any(String),
      status: "unclaimed",
      game: "mm2",
      robloxUsername: alt,
    });

    const [order = missing("order")] = await t.app.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, withdrawal.id));
    expect(order).toMatchObject({
      userId: seller.userId,
      source: "withdrawal",
      status: "unclaimed",
      game: "mm2",
      robloxUsername: alt,
      robloxUserId: altId,
      usernameLocked: true,
    });
    const lines = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.map((l) => [l.itemId, l.quantity]).sort()).toEqual(
      [
        [knife.id, 2],
        [gun.id, 2],
      ].sort(),
    );
    expect(await balanceOf(t.app, seller.userId, knife.id)).toEqual({ available: 3, reserved: 2 });
    expect(await balanceOf(t.app, seller.userId, gun.id)).toEqual({ available: 0, reserved: 2 });

    const inventory = (
      await t.app.inject({ method: "GET", url: "/api/inventory", headers: seller.headers })
    ).json();
    expect(inventory.find((e: { itemId: string }) => e.itemId === knife.id).quantity).toBe(3);
    expect(inventory.find((e: { itemId: string }) => e.itemId === gun.id)).toBeUndefined();

    expect((await pending(seller.headers)).json()).toEqual({ pendingWithdrawal: withdrawal });
    const second = await post("/api/withdrawals/create", seller.headers, {
      items: [{ itemId: knife.id, quantity: 1 }],
      robloxUsername: alt,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: "You already have a pending withdrawal" });
    expect(await balanceOf(t.app, seller.userId, knife.id)).toEqual({ available: 3, reserved: 2 });
  });

  it("allows only one open withdrawal when two are created at once", async () => {
    const { seller, knife, alt } = await stockedSeller();
    const body = { items: [{ itemId: knife.id, quantity: 1 }], robloxUsername: alt };
    const results = await Promise.all(
      [1, 2, 3].map(() => post("/api/withdrawals/create", seller.headers, body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(t.app, seller.userId, knife.id)).toEqual({ available: 4, reserved: 1 });
  });

  it("Turn On Bot: the seller's bot goes pending_online for 300 s, the order pending, a friend request is queued", async () => {
    const { seller, knife, alt, altId } = await stockedSeller();
    const bot = await addPoolBot(t.app, "mm2");
    expect((await post("/api/bots/create", seller.headers, { game: "mm2" })).json().bot.botUsername).toBe(
      bot.botUsername,
    );
    const created = await post("/api/withdrawals/create", seller.headers, {
      items: [{ itemId: knife.id, quantity: 1 }],
      robloxUsername: alt,
    });
    const orderId = created.json().withdrawal.id;

    const before = Date.now();
    const res = await post("/api/withdrawals/turn-on", seller.headers, { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      showInstructions: true,
      link: "https://www.roblox.com/games/142823291",
      serverLink: "https://www.roblox.com/games/142823291",
      botUsername: bot.botUsername,
      robloxUsername: alt,
    });
    const [mine] = (
      await t.app.inject({ method: "GET", url: "/api/bots/user", headers: seller.headers })
    ).json().bots;
    expect(mine.status).toBe("pending_online");
    const until = Date.parse(mine.onlineTimeLeft);
    expect(until).toBeGreaterThanOrEqual(before + 299_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 300_000);

    const [order] = await t.app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "pending", botId: bot.id });
    expect((await pending(seller.headers)).json().pendingWithdrawal).toMatchObject({
      id: orderId,
      status: "pending",
    });
    const requests = await t.app.ctx.db
      .select()
      .from(botFriendRequests)
      .where(eq(botFriendRequests.orderId, orderId));
    expect(requests).toEqual([
      expect.objectContaining({ botId: bot.id, robloxUserId: altId, status: "to_send" }),
    ]);

    // Turning it on again opens a fresh window and keeps a single friend request for the order.
    expect((await post("/api/withdrawals/turn-on", seller.headers, { orderId })).statusCode).toBe(200);
    expect(
      await t.app.ctx.db.select().from(botFriendRequests).where(eq(botFriendRequests.orderId, orderId)),
    ).toHaveLength(1);
  });

  it("Turn On Bot assigns a pool bot to a seller who has none, and refuses others' and unknown orders", async () => {
    const { seller, knife, alt } = await stockedSeller();
    const pool = await addPoolBot(t.app, "mm2");
    await t.app.ctx.db
      .update(bots)
      .set({ createdAt: new Date(0) })
      .where(eq(bots.id, pool.id));
    const orderId = (
      await post("/api/withdrawals/create", seller.headers, {
        items: [{ itemId: knife.id, quantity: 1 }],
        robloxUsername: alt,
      })
    ).json().withdrawal.id;

    const intruder = await signIn(t.app, uniqueName("Intr"), { tier: "pro" });
    const foreign = await post("/api/withdrawals/turn-on", intruder.headers, { orderId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "Withdrawal not found" });
    expect(
      (await post("/api/withdrawals/turn-on", seller.headers, { orderId: crypto.randomUUID() })).statusCode,
    ).toBe(404);

    const res = await post("/api/withdrawals/turn-on", seller.headers, { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().botUsername).toBe(pool.botUsername);
    const [assigned = missing("assigned")] = await t.app.ctx.db
      .select()
      .from(bots)
      .where(eq(bots.id, pool.id));
    expect(assigned.assignedUserId).toBe(seller.userId);
  });

  describe("POST /api/orders/claim/validate-username", () => {
    it("answers the Roblox user's id, name and avatar; 404 for an unknown one; 400 when blank", async () => {
      const name = uniqueName("Buyer");
      const id = await ensureRobloxUser(t.app, name);
      const ok = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim/validate-username",
        payload: { username: ` ${name.toLowerCase()} ` },
        remoteAddress: uniqueIp(),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        success: true,
        userId: id,
        username: name,
        displayName: name,
        imageUrl: expect.stringContaining(`/headshot/${id}/`),
      });
      const unknown = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim/validate-username",
        payload: { username: "NoSuchBuyer1" },
        remoteAddress: uniqueIp(),
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "ROBLOX user not found" });
      const blank = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim/validate-username",
        payload: { username: "  " },
        remoteAddress: uniqueIp(),
      });
      expect(blank.json()).toEqual({ error: "Please enter a ROBLOX username" });
      for (const malformed of ["bad name!", "x".repeat(40), "caf\u00e9"]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/orders/claim/validate-username",
          payload: { username: malformed },
          remoteAddress: uniqueIp(),
        });
        expect(res.statusCode, malformed).toBe(400);
        expect(res.json().error).toMatch(/^username: /);
      }
    });

    it("counts calls against the limit before it reads the body, so malformed calls spend it too", async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 30; i++) {
        const bad = await t.app.inject({
          method: "POST",
          url: "/api/orders/claim/validate-username",
          payload: { username: 42 },
          remoteAddress: ip,
        });
        expect(bad.statusCode).toBe(400);
      }
      const limited = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim/validate-username",
        payload: { username: "NoSuchBuyer3" },
        remoteAddress: ip,
      });
      expect(limited.statusCode).toBe(429);
    });

    it("is rate limited per IP", async () => {
      const ip = uniqueIp();
      const call = () =>
        t.app.inject({
          method: "POST",
          url: "/api/orders/claim/validate-username",
          payload: { username: "NoSuchBuyer2" },
          remoteAddress: ip,
        });
      for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(404);
      const limited = await call();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
      const elsewhere = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim/validate-username",
        payload: { username: "NoSuchBuyer2" },
        remoteAddress: uniqueIp(),
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });
});
