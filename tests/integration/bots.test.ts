import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import {
  bots,
  gameSettings,
  inventoryLedger,
  users,
  whitelistedUsers,
} from "../../src/server/db/schema/index.js";
import { seedBots } from "../../src/server/demo/bots.js";
import { DEMO_SELLER, seedDemoUsers, seedItems } from "../../src/server/demo/items-and-users.js";
import { addPoolBot, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn } from "./helpers.js";

const NO_BOTS = "No bots available for this game right now. Please try again later.";

describe.each(DRIVERS)("bots, whitelist and game rules on %s", (driver) => {
  const t = useTestApp(driver);
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "POST", url, headers, payload });
  const del = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: "DELETE", url, headers });

  describe("Create Bot", () => {
    it("assigns a free pool bot of the game, once per game, and shows it offline with the game's link", async () => {
      const seller = await signIn(t.app, uniqueName("Own"));
      expect((await get("/api/bots/user", seller.headers)).json()).toEqual({
        bots: [],
        whitelistedUsers: [],
      });
      const pool = await addPoolBot(t.app, "growagarden");

      const created = await post("/api/bots/create", seller.headers, { game: "growagarden" });
      expect(created.statusCode).toBe(200);
      const bot = {
        id: pool.id,
        game: "growagarden",
        botUsername: pool.botUsername,
        status: "offline",
        onlineTimeLeft: null,
        privateServerLink: "https://www.roblox.com/games/126884695634066",
      };
      expect(created.json()).toEqual({ success: true, bot });
      expect((await get("/api/bots/user", seller.headers)).json().bots).toEqual([bot]);

      await addPoolBot(t.app, "growagarden");
      const again = await post("/api/bots/create", seller.headers, { game: "growagarden" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "You already have a bot for this game" });
    });

    it("answers 409 when the game's pool is empty and 400 for an unknown game", async () => {
      await t.app.ctx.db
        .delete(bots)
        .where(and(eq(bots.game, "bubblegumsimulator"), isNull(bots.assignedUserId)));
      const other = await signIn(t.app, uniqueName("Nob"));
      const res = await post("/api/bots/create", other.headers, { game: "bubblegumsimulator" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: NO_BOTS });
      expect((await post("/api/bots/create", other.headers, { game: "roblox" })).statusCode).toBe(400);
      expect((await post("/api/bots/create", {}, { game: "mm2" })).statusCode).toBe(401);
    });

    it("never gives the same bot to two sellers creating at once", async () => {
      const sellers = await Promise.all([1, 2, 3].map(() => signIn(t.app, uniqueName("Race"))));
      // Exactly two free mm2 bots for three sellers.
      await t.app.ctx.db.delete(bots).where(and(eq(bots.game, "mm2"), isNull(bots.assignedUserId)));
      const a = await addPoolBot(t.app, "mm2");
      const b = await addPoolBot(t.app, "mm2");

      const results = await Promise.all(
        sellers.map((s) => post("/api/bots/create", s.headers, { game: "mm2" })),
      );
      const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().bot.id);
      expect(ok.sort()).toEqual([a.id, b.id].sort());
      const refused = results.filter((r) => r.statusCode === 409);
      expect(refused.map((r) => r.json().error)).toEqual([NO_BOTS]);
    });

    it("gives one seller one bot per game even when they click twice at once", async () => {
      const seller = await signIn(t.app, uniqueName("Twice"));
      await addPoolBot(t.app, "mm2");
      await addPoolBot(t.app, "mm2");
      const results = await Promise.all(
        [1, 2].map(() => post("/api/bots/create", seller.headers, { game: "mm2" })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const mine = await t.app.ctx.db.select().from(bots).where(eq(bots.assignedUserId, seller.userId));
      expect(mine).toHaveLength(1);
    });
  });

  describe("the whitelist", () => {
    it("adds a Roblox user with their avatar, lists it, refuses duplicates and unknown users, and removes it", async () => {
      const seller = await signIn(t.app, uniqueName("Wl"));
      const friend = uniqueName("Friend");
      const friendId = await ensureRobloxUser(t.app, friend);

      const added = await post("/api/bots/whitelist/add", seller.headers, {
        robloxUsername: `  ${friend.toUpperCase()} `,
      });
      expect(added.statusCode).toBe(200);
      const entry = added.json().user;
      expect(entry).toMatchObject({ robloxUsername: friend });
      expect(entry.thumbnailUrl).toContain(`/__sandbox/roblox/cdn/headshot/${friendId}/`);
      expect((await get("/api/bots/user", seller.headers)).json().whitelistedUsers).toEqual([entry]);

      const dup = await post("/api/bots/whitelist/add", seller.headers, {
        robloxUsername: friend.toLowerCase(),
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ error: "User is already whitelisted" });

      const unknown = await post("/api/bots/whitelist/add", seller.headers, {
        robloxUsername: "NoSuchPlayer42",
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "ROBLOX user not found" });

      expect(
        (await post("/api/bots/whitelist/add", seller.headers, { robloxUsername: "   " })).statusCode,
      ).toBe(400);

      const other = await signIn(t.app, uniqueName("Wl2"));
      expect((await del(`/api/bots/whitelist/${friend}`, other.headers)).statusCode).toBe(404);

      const removed = await del(`/api/bots/whitelist/${friend.toLowerCase()}`, seller.headers);
      expect(removed.statusCode).toBe(200);
      expect((await get("/api/bots/user", seller.headers)).json().whitelistedUsers).toEqual([]);
      const gone = await del(`/api/bots/whitelist/${friend}`, seller.headers);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: "User is not whitelisted" });
    });

    it("holds at most 10 users: the 11th is refused", async () => {
      const seller = await signIn(t.app, uniqueName("Full"));
      const names = Array.from({ length: 11 }, () => uniqueName("Pal"));
      for (const name of names) await ensureRobloxUser(t.app, name);
      for (const name of names.slice(0, 10)) {
        expect(
          (await post("/api/bots/whitelist/add", seller.headers, { robloxUsername: name })).statusCode,
        ).toBe(200);
      }
      const eleventh = await post("/api/bots/whitelist/add", seller.headers, { robloxUsername: names[10] });
      expect(eleventh.statusCode).toBe(400);
      expect(eleventh.json()).toEqual({ error: "Whitelist is full (maximum 10 users)" });
      const rows = await t.app.ctx.db
        .select()
        .from(whitelistedUsers)
        .where(eq(whitelistedUsers.userId, seller.userId));
      expect(rows).toHaveLength(10);
    });
  });

  describe("admin: the bot pool", () => {
    it("adds one bot or several (one per line), lists them with Available/Assigned, and deletes", async () => {
      const admin = await signIn(t.app, uniqueName("Pool"), { admin: true });
      const single = uniqueName("PoolBot");
      const one = await post("/api/admin/bots", admin.headers, { game: "mm2", botUsername: single });
      expect(one.json()).toEqual({ success: true, count: 1, duplicates: [], blankLines: 0 });
      const dup = await post("/api/admin/bots", admin.headers, {
        game: "mm2",
        botUsername: single.toLowerCase(),
      });
      expect(dup.statusCode).toBe(409);

      const bulk = [uniqueName("Bulk"), uniqueName("Bulk")];
      const many = await post("/api/admin/bots", admin.headers, {
        game: "growagarden",
        botUsernames: `${bulk[0]}\n\n  ${bulk[1]}  \r\n${single}\n`,
      });
      expect(many.json()).toEqual({ success: true, count: 2, duplicates: [single], blankLines: 2 });
      const bad = await post("/api/admin/bots", admin.headers, {
        game: "mm2",
        botUsernames: "ok_name\nnot a name",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: "Invalid bot username: not a name" });

      const seller = await signIn(t.app, uniqueName("Asg"));
      await t.app.ctx.db
        .update(bots)
        .set({ assignedUserId: seller.userId })
        .where(eq(bots.botUsername, bulk[0]));
      const list = (await get("/api/admin/bots", admin.headers)).json();
      expect(list).toContainEqual(
        expect.objectContaining({ botUsername: bulk[0], game: "growagarden", isAvailable: false }),
      );
      const free = list.find((b: { botUsername: string }) => b.botUsername === single);
      expect(free).toMatchObject({ game: "mm2", isAvailable: true, assignedUsername: null });

      expect((await del(`/api/admin/bots/${free.id}`, admin.headers)).statusCode).toBe(200);
      expect((await del(`/api/admin/bots/${free.id}`, admin.headers)).statusCode).toBe(404);
      expect((await get("/api/admin/bots", seller.headers)).statusCode).toBe(403);
      expect(
        (await post("/api/admin/bots", seller.headers, { game: "mm2", botUsername: "Sneaky" })).statusCode,
      ).toBe(403);
    });
  });

  describe("admin: game rules and private-server links", () => {
    it("sets limits and the link per game; sellers' bots show the link", async () => {
      const admin = await signIn(t.app, uniqueName("Rules"), { admin: true });
      const before = (await get("/api/admin/game-rules", admin.headers)).json();
      expect(before.map((r: { game: string }) => r.game).sort()).toEqual([
        "bubblegumsimulator",
        "growagarden",
        "mm2",
      ]);

      const link = "https://www.roblox.com/games/85896571713843/BGS?privateServerLinkCode=123";
      const created = await post("/api/admin/game-rules", admin.headers, {
        game: "bubblegumsimulator",
        maxUniqueItems: 5,
        privateServerLink: link,
      });
      expect(created.json()).toEqual({
        game: "bubblegumsimulator",
        maxUniqueItems: 5,
        maxItemsPerListing: null,
        privateServerLink: link,
      });
      const updated = await t.app.inject({
        method: "PUT",
        url: "/api/admin/game-rules/bubblegumsimulator",
        headers: admin.headers,
        payload: { maxItemsPerListing: 3, maxUniqueItems: null },
      });
      expect(updated.json()).toEqual({
        game: "bubblegumsimulator",
        maxUniqueItems: null,
        maxItemsPerListing: 3,
        privateServerLink: link,
      });
      const zero = await post("/api/admin/game-rules", admin.headers, { game: "mm2", maxUniqueItems: 0 });
      expect(zero.statusCode).toBe(400);
      const badLink = await post("/api/admin/game-rules", admin.headers, {
        game: "mm2",
        privateServerLink: "javascript:x",
      });
      expect(badLink.statusCode).toBe(400);

      const seller = await signIn(t.app, uniqueName("Lnk"));
      await addPoolBot(t.app, "bubblegumsimulator");
      await post("/api/bots/create", seller.headers, { game: "bubblegumsimulator" });
      const mine = (await get("/api/bots/user", seller.headers)).json().bots;
      expect(mine[0].privateServerLink).toBe(link);
      expect((await get("/api/admin/game-rules", seller.headers)).statusCode).toBe(403);
    });
  });
});

describe.each(DRIVERS)("the demo bots seed on %s", (driver) => {
  const t = useTestApp(driver);

  it("gives every game a pool bot and a private-server link, and the demo seller the mm2 bot and stock, once", async () => {
    for (let run = 0; run < 2; run++) {
      await seedItems(t.app.ctx);
      await seedDemoUsers(t.app.ctx);
      await seedBots(t.app.ctx);
    }
    const pool = await t.app.ctx.db.select().from(bots);
    expect(pool.map((b) => [b.game, b.botUsername]).sort()).toEqual([
      ["bubblegumsimulator", "AutodropBot_BGS"],
      ["growagarden", "AutodropBot_GAG"],
      ["mm2", "AutodropBot_MM2"],
    ]);
    expect(pool.every((b) => b.robloxUserId !== null)).toBe(true);
    const [seller = missing("seller")] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.username, DEMO_SELLER));
    expect(pool.find((b) => b.game === "mm2")!.assignedUserId).toBe(seller.id);
    expect(pool.filter((b) => b.assignedUserId !== null)).toHaveLength(1);

    const links = await t.app.ctx.db.select().from(gameSettings);
    expect(links.find((l) => l.game === "mm2")!.privateServerLink).toMatch(
      /^https:\/\/www\.roblox\.com\/games\/142823291\/Murder-Mystery-2\?privateServerLinkCode=\d+$/,
    );
    expect(links.find((l) => l.game === "growagarden")!.privateServerLink).toContain(
      "/games/126884695634066/",
    );
    expect(links.find((l) => l.game === "bubblegumsimulator")!.privateServerLink).toContain(
      "/games/85896571713843/",
    );

    const grants = await t.app.ctx.db
      .select()
      .from(inventoryLedger)
      .where(eq(inventoryLedger.userId, seller.id));
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => g.kind === "admin_grant")).toBe(true);
    expect(grants.reduce((n, g) => n + g.quantity, 0)).toBe(22);
  });
});
