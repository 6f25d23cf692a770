import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentUserSchema } from "../../src/contract/auth.js";
import { SIGNED_IN_HINT_COOKIE } from "../../src/contract/session-hint.js";
import { at, missing } from "../../src/server/db/rows.js";
import { loginChallenges, sessions, shops, users } from "../../src/server/db/schema/index.js";
import { PHRASE_WORDS } from "../../src/server/modules/auth/phrase.js";
import { AUTH_ERRORS } from "../../src/server/modules/auth/service.js";
import { hashToken } from "../../src/server/modules/auth/sessions.js";
import { cleanupHandler } from "../../src/server/modules/maintenance/index.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, loginCookieFrom, sessionCookieFrom, signIn, uniqueIp } from "./helpers.js";

describe.each(DRIVERS)("login, verify, logout and /me on %s", (driver) => {
  const t = useTestApp(driver, { config: { adminUsernames: ["BossUser"] } });

  const post = (url: string, payload: unknown, opts: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload: payload as object,
      remoteAddress: opts.ip ?? uniqueIp(),
      headers: opts.cookie ? { cookie: opts.cookie } : {},
    });
  /** One browser: keeps the login-challenge cookie the server sets, as a browser would. */
  const browser = () => {
    let jar = "";
    return {
      post: async (url: string, payload: unknown, opts: { ip?: string; cookie?: string } = {}) => {
        const res = await post(url, payload, {
          ...opts,
          cookie: [opts.cookie, jar].filter(Boolean).join("; "),
        });
        jar = loginCookieFrom(res.headers["set-cookie"]) ?? jar;
        return res;
      },
    };
  };
  const me = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/me", headers: cookie ? { cookie } : {} });
  const setDescription = (id: number, description: string) =>
    t.app.inject({ method: "PATCH", url: `/__sandbox/roblox/users/${id}`, payload: { description } });
  const challengesOf = async (robloxUserId: number) =>
    t.app.ctx.db.select().from(loginChallenges).where(eq(loginChallenges.robloxUserId, robloxUserId));
  const tableCount = async (table: typeof users | typeof loginChallenges | typeof sessions) =>
    at(await t.app.ctx.db.select({ n: count() }).from(table), 0).n;

  it("answers 404 with the spec'd text for an unknown Roblox user, and stores nothing", async () => {
    const b = browser();
    const before = await tableCount(loginChallenges);
    const res = await b.post("/api/auth/login", { username: "NobodyHere" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "ROBLOX user not found. Check the username and try again." });
    expect(await tableCount(loginChallenges)).toBe(before);
  });

  it("issues a phrase of six words and hands out the same one while it is valid", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "PhraseUser");
    const first = await b.post("/api/auth/login", { username: "phraseuser" });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      success: false,
      needsSetup: true,
      username: "PhraseUser",
      verificationPhrase: expect.any(String),
      robloxUserId: id,
    });
    const words = body.verificationPhrase.split(" ");
    expect(words).toHaveLength(6);
    for (const w of words) expect(PHRASE_WORDS).toContain(w);
    expect(sessionCookieFrom(first.headers["set-cookie"])).toBeNull();

    const second = await b.post("/api/auth/login", { username: "PhraseUser" });
    expect(second.json().verificationPhrase).toBe(body.verificationPhrase);
    const rows = await challengesOf(id);
    expect(rows).toHaveLength(1);
    expect(at(rows, 0).expiresAt.getTime() - at(rows, 0).createdAt.getTime()).toBeCloseTo(15 * 60_000, -4);
  });

  it("signs in straight from login when the profile already holds the current phrase", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "QuickUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "QuickUser" })).json();
    await setDescription(id, `hello ${verificationPhrase} bye`);
    const res = await b.post("/api/auth/login", { username: "QuickUser" });
    expect(res.json()).toMatchObject({
      success: true,
      needsSetup: true,
      username: "QuickUser",
      robloxUserId: id,
    });
    const cookie = sessionCookieFrom(res.headers["set-cookie"]);
    expect(cookie).not.toBeNull();
    expect((await me(cookie!)).json().username).toBe("QuickUser");
    expect(at(await challengesOf(id), 0).usedAt).not.toBeNull();
  });

  it("refuses a wrong phrase without a session", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "WrongPhrase");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "WrongPhrase" })).json();
    await setDescription(id, verificationPhrase);
    const res = await b.post("/api/auth/verify", {
      username: "WrongPhrase",
      verificationPhrase: "apple river oak lemon tiger cloud",
      robloxUserId: id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUTH_ERRORS.invalidPhrase });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const other = await ensureRobloxUser(t.app, "OtherPerson");
    const stolen = await b.post("/api/auth/verify", {
      username: "OtherPerson",
      verificationPhrase,
      robloxUserId: other,
    });
    expect(stolen.statusCode).toBe(400);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.robloxUserId, id))).toHaveLength(0);
  });

  it("refuses an expired phrase, and login then issues a new one", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "LateUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "LateUser" })).json();
    await setDescription(id, verificationPhrase);
    await t.app.ctx.db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(loginChallenges.robloxUserId, id));
    const res = await b.post("/api/auth/verify", {
      username: "LateUser",
      verificationPhrase,
      robloxUserId: id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AUTH_ERRORS.expiredPhrase });
    expect(res.headers["set-cookie"]).toBeUndefined();
    const again = await b.post("/api/auth/login", { username: "LateUser" });
    expect(again.json().success).toBe(false);
    expect(again.json().verificationPhrase).not.toBe(verificationPhrase);
  });

  it("refuses a phrase that is not in the profile description", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "ForgetfulUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "ForgetfulUser" })).json();
    await setDescription(id, "I like trains");
    const res = await b.post("/api/auth/verify", {
      username: "ForgetfulUser",
      verificationPhrase,
      robloxUserId: id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        "Verification phrase not found in your ROBLOX profile. Add it to your profile description and try again.",
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(at(await challengesOf(id), 0).usedAt).toBeNull();
  });

  it("signs in with an httpOnly SameSite=Lax cookie, and /me answers the spec's shape", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "GoodUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "GoodUser" })).json();
    await setDescription(id, `Trading account. ${verificationPhrase.toUpperCase()}!`);
    const res = await b.post("/api/auth/verify", {
      username: "gooduser",
      verificationPhrase,
      robloxUserId: id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, needsSetup: true });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^autodrop_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");

    const cookie = sessionCookieFrom(res.headers["set-cookie"])!;
    const token = at(cookie.split("="), 1);
    const stored = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, token))).toHaveLength(0);

    const profile = await me(cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("no-store");
    const body = profile.json();
    expect(currentUserSchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      username: "GoodUser",
      robloxUserId: id,
      isAdmin: false,
      subscriptionTier: "free",
      subscriptionExpiry: null,
      setupCompleted: false,
      shopifyStore: null,
      discordNotificationsEnabled: false,
    });
    expect(body).not.toHaveProperty("apiKeyHash");
  });

  it("uses a phrase only once", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "OnceUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "OnceUser" })).json();
    await setDescription(id, verificationPhrase);
    const payload = { username: "OnceUser", verificationPhrase, robloxUserId: id };
    expect((await b.post("/api/auth/verify", payload)).statusCode).toBe(200);
    const again = await b.post("/api/auth/verify", payload);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: AUTH_ERRORS.usedPhrase });
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("gives exactly one session to two concurrent verifications of one phrase", async () => {
    const b = browser();
    const id = await ensureRobloxUser(t.app, "RaceUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "RaceUser" })).json();
    await setDescription(id, verificationPhrase);
    const payload = { username: "RaceUser", verificationPhrase, robloxUserId: id };
    const results = await Promise.all([
      b.post("/api/auth/verify", payload),
      b.post("/api/auth/verify", payload),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [user = missing("user")] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.robloxUserId, id));
    const userSessions = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(userSessions).toHaveLength(1);
  });

  it("logout revokes the session: the old cookie then gets 401", async () => {
    const { cookie, userId } = await signIn(t.app, "LeavingUser");
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await post("/api/auth/logout", undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers["set-cookie"])).toMatch(/^autodrop_session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await me(cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "Unauthorized" });
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    expect((await post("/api/auth/logout", undefined)).statusCode).toBe(200);
  });

  it("sets a readable signed-in hint beside the session, again on /me, and clears it at logout", async () => {
    const cookies = (res: { headers: Record<string, unknown> }) =>
      [res.headers["set-cookie"]].flat().map(String);
    const hint = (res: { headers: Record<string, unknown> }) =>
      cookies(res).find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    const b = browser();
    const id = await ensureRobloxUser(t.app, "HintUser");
    const { verificationPhrase } = (await b.post("/api/auth/login", { username: "HintUser" })).json();
    await setDescription(id, verificationPhrase);
    const verified = await b.post("/api/auth/verify", {
      username: "HintUser",
      verificationPhrase,
      robloxUserId: id,
    });
    expect(hint(verified)).toMatch(/^autodrop_signed_in=1;.*Path=\/;.*SameSite=Lax/);
    expect(hint(verified)).not.toContain("HttpOnly");
    const cookie = sessionCookieFrom(verified.headers["set-cookie"])!;

    expect(hint(await me(cookie))).toMatch(/^autodrop_signed_in=1;.*Expires=/);
    expect(hint(await me())).toBeUndefined();
    const out = await post("/api/auth/logout", undefined, { cookie });
    expect(hint(out)).toMatch(/^autodrop_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("answers 401 on /me when signed out or with a made-up cookie", async () => {
    expect((await me()).statusCode).toBe(401);
    const forged = await me("autodrop_session=not-a-real-token");
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: "Unauthorized" });
  });

  it("answers a 400 that names the field for bad bodies, and writes nothing", async () => {
    await ensureRobloxUser(t.app, "BodyUser");
    const before = { challenges: await tableCount(loginChallenges), users: await tableCount(users) };
    const cases: [string, unknown, RegExp][] = [
      ["/api/auth/login", { username: "   " }, /username/],
      ["/api/auth/login", { username: "a".repeat(21) }, /username/],
      ["/api/auth/login", { username: 42 }, /username/],
      ["/api/auth/login", {}, /username/],
      ["/api/auth/login", { username: "Body User!" }, /username/],
      [
        "/api/auth/verify",
        { username: "BodyUser", verificationPhrase: "", robloxUserId: 1 },
        /verificationPhrase/,
      ],
      [
        "/api/auth/verify",
        { username: "BodyUser", verificationPhrase: "x".repeat(201), robloxUserId: 1 },
        /verificationPhrase/,
      ],
      [
        "/api/auth/verify",
        { username: "BodyUser", verificationPhrase: "a b", robloxUserId: "12" },
        /robloxUserId/,
      ],
      ["/api/auth/verify", { username: 7, verificationPhrase: "a b", robloxUserId: 12 }, /username/],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(field);
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "BodyUser"',
      remoteAddress: uniqueIp(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/JSON/);
    expect({ challenges: await tableCount(loginChallenges), users: await tableCount(users) }).toEqual(before);
  });

  it("answers 429 with Retry-After after 20 logins a minute from one address", async () => {
    const b = browser();
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) {
      expect((await b.post("/api/auth/login", { username: "NoSuchUser" }, { ip })).statusCode).toBe(404);
    }
    const limited = await b.post("/api/auth/login", { username: "NoSuchUser" }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "Rate limit exceeded" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(
      (await b.post("/api/auth/login", { username: "NoSuchUser" }, { ip: "192.0.2.78" })).statusCode,
    ).toBe(404);
  });

  it("makes the usernames in ADMIN_USERNAMES admins, whatever their letter case", async () => {
    const boss = await signIn(t.app, "bossuser");
    expect((await me(boss.cookie)).json().isAdmin).toBe(true);
    const worker = await signIn(t.app, "WorkerUser");
    expect((await me(worker.cookie)).json().isAdmin).toBe(false);
  });

  it("shows the connected Shopify store on /me, and none once uninstalled", async () => {
    const { cookie, userId } = await signIn(t.app, "ShopOwner", { tier: "pro", setupCompleted: true });
    await t.app.ctx.db.insert(shops).values({
      userId,
      domain: "owner-shop.myshopify.com",
      accessTokenEncrypted: "x",
      scopes: "read_orders",
    });
    const body = (await me(cookie)).json();
    expect(body).toMatchObject({
      shopifyStore: "owner-shop.myshopify.com",
      subscriptionTier: "pro",
      setupCompleted: true,
    });
    expect(new Date(body.subscriptionExpiry).getTime()).toBeGreaterThan(Date.now());
    await t.app.ctx.db.update(shops).set({ uninstalledAt: new Date() }).where(eq(shops.userId, userId));
    expect((await me(cookie)).json().shopifyStore).toBeNull();
  });

  it("binds a phrase to the browser that asked for it: another caller gets neither the phrase nor a session", async () => {
    const owner = browser();
    const id = await ensureRobloxUser(t.app, "BossUser");
    const first = await owner.post("/api/auth/login", { username: "BossUser" });
    const setCookie = [first.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/autodrop_login=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toMatch(/autodrop_login=[^\n]*HttpOnly/);
    expect(setCookie).toMatch(/autodrop_login=[^\n]*SameSite=Strict/);
    const token = at(loginCookieFrom(first.headers["set-cookie"])!.split("="), 1);
    const stored = (await challengesOf(id)).find((c) => !c.usedAt)!;
    expect(stored.browserHash).toBe(hashToken(token));
    const { verificationPhrase } = first.json();
    await setDescription(id, verificationPhrase);

    const sessionsBefore = await tableCount(sessions);
    const attacker = browser();
    const takeover = await attacker.post("/api/auth/login", { username: "BossUser" });
    expect(takeover.statusCode).toBe(200);
    expect(takeover.json().success).toBe(false);
    expect(takeover.json().verificationPhrase).not.toBe(verificationPhrase);
    expect(sessionCookieFrom(takeover.headers["set-cookie"])).toBeNull();
    const noCookie = await post("/api/auth/verify", {
      username: "BossUser",
      verificationPhrase,
      robloxUserId: id,
    });
    const otherCookie = await attacker.post("/api/auth/verify", {
      username: "BossUser",
      verificationPhrase,
      robloxUserId: id,
    });
    for (const res of [noCookie, otherCookie]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: AUTH_ERRORS.invalidPhrase });
      expect(sessionCookieFrom(res.headers["set-cookie"])).toBeNull();
    }
    expect(await tableCount(sessions)).toBe(sessionsBefore);
    expect((await challengesOf(id)).filter((c) => !c.usedAt)).toHaveLength(2);

    const signedIn = await owner.post("/api/auth/login", { username: "BossUser" });
    expect(signedIn.json().success).toBe(true);
    expect(sessionCookieFrom(signedIn.headers["set-cookie"])).not.toBeNull();
  });

  it("reports needsSetup false at login and verify for a user who finished setup", async () => {
    const b = browser();
    const { robloxUserId } = await signIn(t.app, "SetUpUser", { setupCompleted: true });
    const login = (await b.post("/api/auth/login", { username: "SetUpUser" })).json();
    // Before verification the answer says nothing about the account.
    expect(login).toMatchObject({ success: false, needsSetup: true });
    await setDescription(robloxUserId, login.verificationPhrase);
    const res = await b.post("/api/auth/verify", {
      username: "SetUpUser",
      verificationPhrase: login.verificationPhrase,
      robloxUserId,
    });
    expect(res.json()).toEqual({ success: true, needsSetup: false });
  });

  it("the cleanup job deletes expired sessions and challenges expired over a day ago", async () => {
    const { userId, cookie } = await signIn(t.app, "CleanUser");
    await t.app.ctx.db.insert(sessions).values({
      tokenHash: hashToken("expired-token"),
      userId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const robloxUserId = 99_000_001;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await t.app.ctx.db.insert(loginChallenges).values([
      { robloxUserId, username: "Gone", phrase: "old old", expiresAt: ago(25 * 3_600_000) },
      { robloxUserId, username: "Gone", phrase: "recent recent", expiresAt: ago(3_600_000) },
      { robloxUserId, username: "Gone", phrase: "fresh fresh", expiresAt: ago(-600_000) },
    ]);

    await cleanupHandler(t.app.ctx)();

    const left = await t.app.ctx.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.robloxUserId, robloxUserId));
    expect(left.map((c) => c.phrase).sort()).toEqual(["fresh fresh", "recent recent"]);
    const userSessions = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(userSessions).toHaveLength(1);
    expect(at(userSessions, 0).tokenHash).toBe(hashToken(at(cookie.split("="), 1)));
    expect(
      await t.app.ctx.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, hashToken("expired-token")))),
    ).toHaveLength(0);
  });
});
