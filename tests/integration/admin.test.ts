import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isWellFormedSubscriptionKey } from "../../src/contract/subscription-keys.js";
import { at, missing } from "../../src/server/db/rows.js";
import { auditLog, bots, orders, subscriptionKeys, users } from "../../src/server/db/schema/index.js";
import { addPoolBot, createItem, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { type SignedIn, signIn } from "./helpers.js";

const NOW = Date.parse("2026-11-20T12:00:00Z");

/** Every admin route of spec 001 §7 and this additions, with a body that would pass validation. */
const ADMIN_ROUTES: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: object }[] =
  [
    { method: "GET", url: "/api/admin/users" },
    { method: "GET", url: "/api/admin/stats" },
    { method: "GET", url: "/api/admin/game-stats" },
    { method: "GET", url: "/api/admin/audit-log" },
    { method: "GET", url: "/api/admin/items" },
    {
      method: "POST",
      url: "/api/admin/items",
      payload: { codeName: "x", publicName: "X", imageUrl: "/x.svg", game: "mm2" },
    },
    {
      method: "PATCH",
      url: "/api/admin/items/00000000-0000-4000-8000-000000000000",
      payload: { retired: true },
    },
    { method: "GET", url: "/api/admin/subscription-keys" },
    { method: "POST", url: "/api/admin/subscription-keys", payload: { tier: "pro", count: 1 } },
    { method: "GET", url: "/api/admin/discount-codes" },
    { method: "POST", url: "/api/admin/discount-codes", payload: { code: "SNEAKY" } },
    {
      method: "PATCH",
      url: "/api/admin/discount-codes/00000000-0000-4000-8000-000000000000",
      payload: { isActive: false },
    },
    { method: "GET", url: "/api/admin/game-rules" },
    { method: "POST", url: "/api/admin/game-rules", payload: { game: "mm2", maxUniqueItems: 1 } },
    { method: "PUT", url: "/api/admin/game-rules/mm2", payload: { maxUniqueItems: 1 } },
    { method: "GET", url: "/api/admin/bots" },
    { method: "POST", url: "/api/admin/bots", payload: { game: "mm2", botUsername: "SneakyBot" } },
    { method: "DELETE", url: "/api/admin/bots/00000000-0000-4000-8000-000000000000" },
    {
      method: "POST",
      url: "/api/admin/users/00000000-0000-4000-8000-000000000000/items",
      payload: { itemId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
    },
    { method: "GET", url: "/api/admin/bot-keys" },
    { method: "POST", url: "/api/admin/bot-keys", payload: { name: "sneaky" } },
    { method: "DELETE", url: "/api/admin/bot-keys/00000000-0000-4000-8000-000000000000" },
  ];

describe.each(DRIVERS)("admin controls on %s", (driver) => {
  const t = useTestApp(driver, { clock: () => NOW });
  const call = (method: string, url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method: method as "GET", url, headers: who?.headers ?? {}, payload });
  const admin = () => signIn(t.app, uniqueName("Adm"), { admin: true });
  const auditOf = async (kind: string) =>
    (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.kind, kind))).map((r) => ({
      actor: r.actorUsername,
      action: r.action,
      subject: r.subject,
      before: r.before,
      after: r.after,
    }));

  it("refuses every admin route signed out (401) and for a seller (403), changing nothing", async () => {
    const seller = await signIn(t.app, uniqueName("Sel"));
    for (const route of ADMIN_ROUTES) {
      const out = await call(route.method, route.url, undefined, route.payload);
      // Routes a bot key may also call (the Bot API's scope) add their error's code.
      const refusal = expect.objectContaining({ error: expect.any(String) });
      expect([route.url, out.statusCode, out.json()]).toEqual([route.url, 401, refusal]);
      const no = await call(route.method, route.url, seller, route.payload);
      expect([route.url, no.statusCode, no.json()]).toEqual([route.url, 403, refusal]);
    }
    expect(await t.app.ctx.db.select().from(subscriptionKeys)).toEqual([]);
    expect(await t.app.ctx.db.select().from(auditLog)).toEqual([]);
  });

  it("answers 400 saying what is wrong for bad bodies", async () => {
    const a = await admin();
    const bad: [string, string, object, RegExp][] = [
      ["POST", "/api/admin/discount-codes", { code: "SAVE", discountPercentage: 0 }, /discountPercentage/],
      ["POST", "/api/admin/discount-codes", { code: "SAVE", discountPercentage: 101 }, /discountPercentage/],
      ["POST", "/api/admin/discount-codes", { code: "   " }, /Please enter a discount code/],
      ["POST", "/api/admin/discount-codes", { code: "SAVE", usageLimit: 0 }, /usageLimit/],
      ["POST", "/api/admin/discount-codes", { code: "SAVE", applicablePlans: "free" }, /applicablePlans/],
      ["POST", "/api/admin/subscription-keys", { tier: "pro", count: 0 }, /count/],
      ["POST", "/api/admin/subscription-keys", { tier: "pro", count: 101 }, /count/],
      ["POST", "/api/admin/subscription-keys", { tier: "free", count: 1 }, /tier/],
      ["POST", "/api/admin/game-rules", { game: "roblox", maxUniqueItems: 2 }, /game/],
      ["PUT", "/api/admin/game-rules/roblox", { maxUniqueItems: 2 }, /game/],
      ["POST", "/api/admin/game-rules", { game: "mm2", maxItemsPerListing: 0 }, /maxItemsPerListing/],
      [
        "POST",
        "/api/admin/items",
        { codeName: "a", publicName: "A", imageUrl: "/a.svg", game: "roblox" },
        /game/,
      ],
      [
        "POST",
        "/api/admin/items",
        { codeName: "", publicName: "A", imageUrl: "/a.svg", game: "mm2" },
        /codeName/,
      ],
      [
        "POST",
        "/api/admin/items",
        { codeName: "a", publicName: "A", imageUrl: "javascript:x", game: "mm2" },
        /imageUrl/,
      ],
      ["POST", "/api/admin/bots", { game: "mm2", botUsernames: "GoodBot\nbad name" }, /bad name/],
      ["POST", "/api/admin/bots", { game: "mm2", botUsernames: "\n \n" }, /at least one/],
    ];
    for (const [method, url, payload, message] of bad) {
      const res = await call(method, url, a, payload);
      expect([url, payload, res.statusCode]).toEqual([url, payload, 400]);
      expect(res.json().error).toMatch(message);
    }
    expect(await t.app.ctx.db.select().from(bots).where(eq(bots.botUsername, "GoodBot"))).toEqual([]);
    expect(await t.app.ctx.db.select().from(auditLog)).toEqual([]);
  });

  it("generates keys in one batch, shown in full once and listed with who used them; use-key accepts them", async () => {
    const a = await admin();
    const made = await call("POST", "/api/admin/subscription-keys", a, { tier: "pro", count: 5 });
    expect(made.statusCode).toBe(201);
    const keys = made.json();
    expect(keys).toHaveLength(5);
    expect(new Set(keys.map((k: { key: string }) => k.key)).size).toBe(5);
    for (const k of keys) expect(isWellFormedSubscriptionKey(k.key)).toBe(true);
    // Stored only as a hash and a sealed copy: no column holds the key as typed.
    const stored = await t.app.ctx.db.select().from(subscriptionKeys);
    expect(JSON.stringify(stored)).not.toContain(keys[0].key);

    const seller = await signIn(t.app, uniqueName("Key"));
    const used = await call("POST", "/api/subscription/use-key", seller, { key: keys[0].key.toLowerCase() });
    expect(used.statusCode).toBe(200);
    const all = (await call("GET", "/api/admin/subscription-keys", a)).json();
    expect(all.find((k: { id: string }) => k.id === keys[0].id)).toMatchObject({
      key: keys[0].key,
      tier: "pro",
      used: true,
      usedByUsername: expect.stringMatching(/^Key/),
      usedAt: new Date(NOW).toISOString(),
    });
    const unused = (await call("GET", "/api/admin/subscription-keys?status=unused&tier=pro", a)).json();
    expect(unused.map((k: { id: string }) => k.id).sort()).toEqual(
      keys
        .slice(1)
        .map((k: { id: string }) => k.id)
        .sort(),
    );
    expect((await call("GET", "/api/admin/subscription-keys?status=used", a)).json()).toHaveLength(1);

    const audit = await auditOf("subscription-keys");
    expect(audit).toEqual([
      {
        actor: expect.stringMatching(/^Adm/),
        action: "generated",
        subject: "5 pro keys",
        before: null,
        after: { tier: "pro", count: 5, ids: keys.map((k: { id: string }) => k.id) },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(keys[1].key);
  });

  it("creates discount codes uppercase with the spec's defaults, refuses a duplicate with 409, toggles them", async () => {
    const a = await admin();
    const created = await call("POST", "/api/admin/discount-codes", a, { code: " spring25 " });
    expect(created.statusCode).toBe(201);
    const code = created.json();
    expect(code).toEqual({
      id: expect.any(String),
      code: "SPRING25",
      discountPercentage: 10,
      applicablePlans: "both",
      maxUsage: 100,
      usageCount: 0,
      reservedCount: 0,
      isActive: true,
      createdAt: new Date(NOW).toISOString(),
    });
    const dup = await call("POST", "/api/admin/discount-codes", a, {
      code: "Spring25",
      discountPercentage: 50,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: "A discount code with this code already exists" });

    const seller = await signIn(t.app, uniqueName("Dsc"));
    const validate = () => call("GET", "/api/discount-codes/validate?code=spring25&plan=pro", seller);
    expect((await validate()).statusCode).toBe(200);
    const off = await call("PATCH", `/api/admin/discount-codes/${code.id}`, a, { isActive: false });
    expect(off.json()).toMatchObject({ code: "SPRING25", isActive: false });
    expect((await validate()).statusCode).toBe(400);
    const list = (await call("GET", "/api/admin/discount-codes", a)).json();
    expect(list).toContainEqual({ ...code, isActive: false });
    expect(
      (
        await call("PATCH", "/api/admin/discount-codes/00000000-0000-4000-8000-000000000000", a, {
          isActive: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await auditOf("discount-code")).map((r) => [r.action, r.subject, r.before])).toEqual([
      ["created", "SPRING25", null],
      ["deactivated", "SPRING25", { isActive: true }],
    ]);
  });

  it("creates, edits and retires items; a retired item leaves the catalogue and grants but its orders keep it", async () => {
    const a = await admin();
    const seller = await signIn(t.app, uniqueName("Itm"));
    const body = {
      codeName: "golden_egg",
      publicName: "Golden Egg",
      imageUrl: "https://img.test/egg.png",
      game: "growagarden",
    };
    const made = await call("POST", "/api/admin/items", a, body);
    expect(made.statusCode).toBe(201);
    const item = made.json();
    expect((await call("POST", "/api/admin/items", a, body)).statusCode).toBe(409);

    const granted = await call("POST", `/api/admin/users/${seller.userId}/items`, a, {
      itemId: item.id,
      quantity: 3,
    });
    expect(granted.json()).toEqual({ success: true, itemId: item.id, quantity: 3 });
    expect((await call("GET", "/api/inventory", seller)).json()).toContainEqual(
      expect.objectContaining({ itemId: item.id, quantity: 3 }),
    );
    const [order = missing("order")] = await t.app.ctx.db
      .insert(orders)
      .values({ userId: seller.userId, source: "api", status: "completed", game: "growagarden" })
      .returning();

    const renamed = await call("PATCH", `/api/admin/items/${item.id}`, a, { publicName: "Golden Egg II" });
    expect(renamed.json()).toEqual({ ...item, publicName: "Golden Egg II", retired: false });
    const retired = await call("PATCH", `/api/admin/items/${item.id}`, a, { retired: true });
    expect(retired.json().retired).toBe(true);
    expect((await call("GET", "/api/items", seller)).json().map((i: { id: string }) => i.id)).not.toContain(
      item.id,
    );
    expect((await call("GET", "/api/admin/items", a)).json()).toContainEqual(
      expect.objectContaining({ id: item.id, retired: true }),
    );
    const refused = await call("POST", `/api/admin/users/${seller.userId}/items`, a, {
      itemId: item.id,
      quantity: 1,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { error: "This item is retired", code: "invalid_request" },
    ]);
    // The seller's stock and the order stay as they were.
    expect((await call("GET", "/api/inventory", seller)).json()).toContainEqual(
      expect.objectContaining({ itemId: item.id, quantity: 3 }),
    );
    expect(await t.app.ctx.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    expect((await call("PATCH", `/api/admin/items/${item.id}`, a, {})).statusCode).toBe(400);

    expect((await auditOf("item")).map((r) => [r.action, r.subject])).toEqual([
      ["created", "golden_egg"],
      ["updated", "golden_egg"],
      ["retired", "golden_egg"],
    ]);
    expect((await auditOf("grant")).map((r) => [r.action, r.subject, r.after])).toEqual([
      [
        "granted",
        `3 × golden_egg to ${at(await t.app.ctx.db.select().from(users).where(eq(users.id, seller.userId)), 0).username}`,
        { userId: seller.userId, itemId: item.id, quantity: 3, available: 3 },
      ],
    ]);
  });

  it("lists users by search and page, counts the stat cards and the items per game", async () => {
    const a = await admin();
    const paid = await signIn(t.app, uniqueName("Paid"), { tier: "pro" });
    const lapsed = await signIn(t.app, uniqueName("Laps"), { tier: "basic" });
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(NOW - 1000) })
      .where(eq(users.id, lapsed.userId));
    const found = (await call("GET", "/api/admin/users?search=paid", a)).json();
    expect(found).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(found.users[0]).toMatchObject({ id: paid.userId, subscriptionTier: "pro", isAdmin: false });
    const byId = (await call("GET", `/api/admin/users?search=${paid.robloxUserId}`, a)).json();
    expect(byId.users.map((u: { id: string }) => u.id)).toEqual([paid.userId]);
    expect((await call("GET", "/api/admin/users?search=%25", a)).json().total).toBe(0);
    const all = (await call("GET", "/api/admin/users", a)).json();
    expect(all.total).toBe((await t.app.ctx.db.select().from(users)).length);
    expect((await call("GET", "/api/admin/users?page=0", a)).statusCode).toBe(400);

    const stats = (await call("GET", "/api/admin/stats", a)).json();
    const active = (await t.app.ctx.db.select().from(users)).filter(
      (u) => u.subscriptionTier !== "free" && (!u.subscriptionExpiry || u.subscriptionExpiry.getTime() > NOW),
    ).length;
    expect(stats).toEqual({
      totalUsers: all.total,
      activeSubscriptions: active,
      totalItems: expect.any(Number),
    });
    expect(active).toBeGreaterThanOrEqual(1);

    const before = (await call("GET", "/api/admin/game-stats", a)).json();
    await createItem(t.app, "mm2");
    const after = (await call("GET", "/api/admin/game-stats", a)).json();
    expect(after.map((g: { game: string }) => g.game).sort()).toEqual([
      "bubblegumsimulator",
      "growagarden",
      "mm2",
    ]);
    const mm2 = (list: { game: string; itemCount: number }[]) =>
      list.find((g) => g.game === "mm2")?.itemCount;
    expect(mm2(after)).toBe((mm2(before) ?? 0) + 1);
  });

  it("bulk-adds bots reporting duplicates and blank lines, and keeps an assigned bot with open orders", async () => {
    const a = await admin();
    const existing = await addPoolBot(t.app, "mm2");
    const names = [uniqueName("Blk"), uniqueName("Blk"), uniqueName("Blk")];
    const res = await call("POST", "/api/admin/bots", a, {
      game: "mm2",
      botUsernames: `${names[0]}\n\n${names[1]}\n${at(names, 0).toUpperCase()}\n${existing.botUsername}\n${names[2]}`,
    });
    expect(res.json()).toEqual({
      success: true,
      count: 3,
      duplicates: [names[0], existing.botUsername],
      blankLines: 1,
    });

    const seller = await signIn(t.app, uniqueName("Own"));
    await t.app.ctx.db.update(bots).set({ assignedUserId: seller.userId }).where(eq(bots.id, existing.id));
    await t.app.ctx.db
      .insert(orders)
      .values({ userId: seller.userId, source: "shopify", status: "unclaimed", game: "mm2" });
    const kept = await call("DELETE", `/api/admin/bots/${existing.id}`, a);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toMatch(/1 open order of its game/);
    await t.app.ctx.db.update(orders).set({ status: "completed" }).where(eq(orders.userId, seller.userId));
    expect((await call("DELETE", `/api/admin/bots/${existing.id}`, a)).statusCode).toBe(200);

    expect((await auditOf("bot")).map((r) => [r.action, r.subject])).toEqual([
      ["added", "3 Murder Mystery 2 bots"],
      ["deleted", existing.botUsername],
    ]);
  });

  it("records bot keys issued and revoked by name and prefix, never the key itself", async () => {
    const a = await admin();
    const created = await call("POST", "/api/admin/bot-keys", a, { name: "warehouse bot" });
    expect(created.statusCode).toBe(201);
    const { id, key, keyPrefix } = created.json();
    expect((await call("DELETE", `/api/admin/bot-keys/${id}`, a)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/bot-keys/${id}`, a)).statusCode).toBe(404);

    const audit = await auditOf("bot-key");
    const subject = `warehouse bot (${keyPrefix}…)`;
    expect(audit).toEqual([
      {
        actor: expect.stringMatching(/^Adm/),
        action: "created",
        subject,
        before: null,
        after: { id, name: "warehouse bot", keyPrefix, revokedAt: null },
      },
      {
        actor: expect.stringMatching(/^Adm/),
        action: "revoked",
        subject,
        before: { id, name: "warehouse bot", keyPrefix, revokedAt: null },
        after: { id, name: "warehouse bot", keyPrefix, revokedAt: new Date(NOW).toISOString() },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(key);
    const log = await call("GET", "/api/admin/audit-log?kind=bot-key", a);
    expect(log.statusCode).toBe(200);
    // The test clock stands still, so both rows share one time and their order is not fixed.
    expect(
      log
        .json()
        .entries.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(["created", "revoked"]);
  });

  it("records a rule change once with before and after; the audit log filters by admin and kind", async () => {
    const a = await admin();
    const set = await call("PUT", "/api/admin/game-rules/bubblegumsimulator", a, { maxItemsPerListing: 4 });
    expect(set.json()).toMatchObject({ game: "bubblegumsimulator", maxItemsPerListing: 4 });
    const again = await call("PUT", "/api/admin/game-rules/bubblegumsimulator", a, { maxItemsPerListing: 4 });
    expect(again.statusCode).toBe(200);
    const audit = await auditOf("game-rules");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "updated",
      subject: "Bubble Gum Simulator",
      before: { maxItemsPerListing: null },
      after: { maxItemsPerListing: 4 },
    });

    const log = (await call("GET", `/api/admin/audit-log?kind=game-rules&actor=${a.userId}`, a)).json();
    expect(log.entries.map((e: { subject: string }) => e.subject)).toEqual(["Bubble Gum Simulator"]);
    expect(log.actors).toContainEqual({ id: a.userId, username: expect.stringMatching(/^Adm/) });
    const all = (await call("GET", "/api/admin/audit-log", a)).json();
    expect(all.entries.length).toBeGreaterThan(1);
    expect((await call("GET", "/api/admin/audit-log?kind=weather", a)).statusCode).toBe(400);
  });
});
