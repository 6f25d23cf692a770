import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_TTL_DAYS } from "../../../contract/limits.js";
import { SIGNED_IN_HINT_COOKIE } from "../../../contract/session-hint.js";
import type { AppContext } from "../../context.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { loginChallenges, sessions, users } from "../../db/schema/auth.js";
import { forbidden, unauthorized } from "../../http/errors.js";
import type { EventBus } from "../../realtime/bus.js";

export const SESSION_COOKIE = "autodrop_session";

export type SessionUser = typeof users.$inferSelect;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opaque random session tokens; only their hash is stored, so a database leak yields no usable session. */
export async function createSession(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** Ends a session; its open event streams close on every instance, since the revocation is published as an event. */
export async function revokeSession(db: Db, events: EventBus, token: string): Promise<void> {
  const sessionHash = hashToken(token);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, sessionHash))
      .returning({ userId: sessions.userId });
    if (revoked) await events.publish({ userId: revoked.userId, type: "session-revoked", sessionHash }, tx);
  });
}

/** The stored hash of the request's session (what a revocation event names), or null without a cookie. */
export function sessionHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? hashToken(token) : null;
}

/** Whether the session is still valid: a stream that may have missed its revocation asks again. */
export async function sessionIsLive(ctx: AppContext, sessionHash: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sessionHash), gt(sessions.expiresAt, new Date(ctx.clock()))))
    .limit(1);
  return rows.length > 0;
}

async function findSessionUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const rows = await ctx.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date(ctx.clock()))))
    .limit(1);
  return rows[0]?.user ?? null;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    expires: expiresAt,
  });
  setSignedInHint(reply, expiresAt, secure);
}

/**
 * The readable "signed in" hint beside the session (decision 048). It is set again by every session call that
 * answers a user, so a session started before the hint existed gets one too.
 */
export function setSignedInHint(reply: FastifyReply, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", { path: "/", sameSite: "lax", secure, expires: expiresAt });
}

/** Logout: the session cookie and its hint go together. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/", sameSite: "lax", secure });
}

export const LOGIN_COOKIE = "autodrop_login";

/**
 * The browser's login-challenge cookie (decision 018): the same random token while it lives, a new one otherwise.
 * Only its hash is stored with the challenges it asked for. Strict SameSite: login and verify are same-site calls.
 */
export function loginBrowserHash(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  ttlMinutes: number,
): string {
  const token = request.cookies[LOGIN_COOKIE] || randomBytes(32).toString("base64url");
  reply.setCookie(LOGIN_COOKIE, token, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: ttlMinutes * 60,
  });
  return hashToken(token);
}

/** The hash of the challenge cookie the browser sent, or null without one. */
export function sentLoginBrowserHash(request: FastifyRequest): string | null {
  const token = request.cookies[LOGIN_COOKIE];
  return token ? hashToken(token) : null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved lazily from the session cookie. */
    sessionUser: SessionUser | null | undefined;
  }
}

/** Resolves the session user once per request. */
export async function currentUser(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = request.cookies[SESSION_COOKIE];
  request.sessionUser = token ? await findSessionUser(ctx, token) : null;
  return request.sessionUser;
}

/** preHandler factories: every seller and admin route is authorised on the server. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    if (!(await currentUser(ctx, request))) throw unauthorized();
  };
}

export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const user = await currentUser(ctx, request);
    if (!user) throw unauthorized();
    if (!user.isAdmin) throw forbidden("Admin access required");
  };
}

/** The signed-in user inside a handler guarded by requireUser/requireAdmin. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

/** Expired login challenges stay a day, so a late "expired" answer can still tell them apart from wrong phrases. */
const CHALLENGE_GRACE_MS = 86_400_000;

/** Deletes expired sessions and login challenges that expired more than a day ago; answers how many of each. */
export async function deleteExpiredLogins(
  db: DbOrTx,
  now: Date,
): Promise<{ sessions: number; challenges: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const goneChallenges = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_GRACE_MS)))
    .returning({ id: loginChallenges.id });
  return { sessions: goneSessions.length, challenges: goneChallenges.length };
}
