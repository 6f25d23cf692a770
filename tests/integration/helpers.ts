import { eq } from "drizzle-orm";
import type { App } from "../../src/server/app.js";
import { at, missing } from "../../src/server/db/rows.js";
import { users } from "../../src/server/db/schema/index.js";
import { LOGIN_COOKIE, SESSION_COOKIE } from "../../src/server/modules/auth/sessions.js";

export interface SignInOptions {
  admin?: boolean;
  tier?: "free" | "basic" | "pro";
  setupCompleted?: boolean;
}

export interface SignedIn {
  /** "autodrop_session=<token>", ready for a Cookie header. */
  cookie: string;
  userId: string;
  username: string;
  robloxUserId: number;
  headers: { cookie: string };
}

let ipCounter = 0;
/**
 * A distinct client address per sign-in, so tests that sign many users in never hit the per-IP login limit
 * (and never eat into the allowance a rate-limit test is measuring).
 */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A cookie pair from a response's Set-Cookie header, e.g. "autodrop_session=abc". */
export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  return found ? at(found.split(";"), 0) : null;
}

export const sessionCookieFrom = (setCookie: string | string[] | undefined) =>
  cookieFrom(setCookie, SESSION_COOKIE);
export const loginCookieFrom = (setCookie: string | string[] | undefined) =>
  cookieFrom(setCookie, LOGIN_COOKIE);

/** The sandbox Roblox account of that name (created when missing), through the emulator's control API. */
export async function ensureRobloxUser(app: App, username: string): Promise<number> {
  const created = await app.inject({ method: "POST", url: "/__sandbox/roblox/users", payload: { username } });
  if (created.statusCode === 201) return created.json().id;
  if (created.statusCode !== 409)
    throw new Error(`creating Roblox user ${username}: ${created.statusCode} ${created.body}`);
  const list = await app.inject({ method: "GET", url: "/__sandbox/roblox/users-list" });
  const user = list
    .json()
    .users.find((u: { name: string }) => u.name.toLowerCase() === username.toLowerCase());
  return user.id;
}

/**
 * Signs a user in through the real flow: sandbox Roblox account, POST /api/auth/login, the phrase written into
 * the profile description, POST /api/auth/verify. Then applies the requested flags directly in the database
 * (a paid tier gets 30 days).
 */
export async function signIn(app: App, username: string, opts: SignInOptions = {}): Promise<SignedIn> {
  const remoteAddress = uniqueIp();
  const robloxUserId = await ensureRobloxUser(app, username);
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const { verificationPhrase } = login.json();
  const browser = loginCookieFrom(login.headers["set-cookie"]) ?? "";
  const patched = await app.inject({
    method: "PATCH",
    url: `/__sandbox/roblox/users/${robloxUserId}`,
    payload: { description: `Autodrop: ${verificationPhrase}` },
  });
  if (patched.statusCode !== 200)
    throw new Error(`profile of ${username}: ${patched.statusCode} ${patched.body}`);
  const verify = await app.inject({
    method: "POST",
    url: "/api/auth/verify",
    payload: { username, verificationPhrase, robloxUserId },
    headers: { cookie: browser },
    remoteAddress,
  });
  const cookie = sessionCookieFrom(verify.headers["set-cookie"]);
  if (verify.statusCode !== 200 || !cookie)
    throw new Error(`verify ${username}: ${verify.statusCode} ${verify.body}`);

  const changes: Partial<typeof users.$inferInsert> = {};
  if (opts.admin !== undefined) changes.isAdmin = opts.admin;
  if (opts.setupCompleted !== undefined) changes.setupCompleted = opts.setupCompleted;
  if (opts.tier !== undefined) {
    changes.subscriptionTier = opts.tier;
    changes.subscriptionExpiry = opts.tier === "free" ? null : new Date(Date.now() + 30 * 86_400_000);
  }
  const byRobloxId = eq(users.robloxUserId, robloxUserId);
  if (Object.keys(changes).length > 0) await app.ctx.db.update(users).set(changes).where(byRobloxId);
  const [row = missing("row")] = await app.ctx.db.select({ id: users.id }).from(users).where(byRobloxId);
  return { cookie, userId: row.id, username, robloxUserId, headers: { cookie } };
}
