import type { FastifyReply } from "fastify";
import { authEndpoints as endpoints } from "../../../contract/endpoints/auth.js";
import { LOGIN_CHALLENGE_TTL_MINUTES, SESSION_TTL_DAYS } from "../../../contract/limits.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import type { RouteApp } from "./scopes.js";
import { currentUserView, login, type NewSession, verify } from "./service.js";
import {
  clearSessionCookies,
  loginBrowserHash,
  revokeSession,
  SESSION_COOKIE,
  sentLoginBrowserHash,
  setSessionCookie,
  setSignedInHint,
  userOf,
} from "./sessions.js";

const LOGIN_RATE_LIMIT: RateLimitRule = { name: "login", points: 20, durationSeconds: 60 };
const VERIFY_RATE_LIMIT: RateLimitRule = { name: "verify", points: 30, durationSeconds: 60 };

const secureCookies = (ctx: AppContext) => ctx.config.publicUrl.startsWith("https://");

/** Login, verify and logout: public, login and verify limited per IP. */
export function publicRoutes(r: RouteApp, ctx: AppContext): void {
  const secure = secureCookies(ctx);
  const startSession = (reply: FastifyReply, session: NewSession | null) => {
    reply.header("Cache-Control", "no-store");
    if (session) setSessionCookie(reply, session.token, session.expiresAt, secure);
  };

  r.route({
    ...routeOf(endpoints.login),
    // Counted before the body is read, so malformed requests spend the allowance too.
    onRequest: ctx.rateLimits.perIp(LOGIN_RATE_LIMIT),
    handler: async (request, reply) => {
      const browser = loginBrowserHash(request, reply, secure, LOGIN_CHALLENGE_TTL_MINUTES);
      const { response, session } = await login(ctx, request.body.username, browser);
      startSession(reply, session);
      return response;
    },
  });

  r.route({
    ...routeOf(endpoints.verify),
    onRequest: ctx.rateLimits.perIp(VERIFY_RATE_LIMIT),
    handler: async (request, reply) => {
      const { response, session } = await verify(ctx, request.body, sentLoginBrowserHash(request));
      startSession(reply, session);
      return response;
    },
  });

  r.route({
    ...routeOf(endpoints.logout),
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(ctx.db, ctx.events, token);
      clearSessionCookies(reply, secure);
      return { success: true as const };
    },
  });
}

/** The signed-in user. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.me),
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      // At most the session's own lifetime; a hint that outlives its session is cleared by the page that finds out.
      setSignedInHint(reply, new Date(ctx.clock() + SESSION_TTL_DAYS * 86_400_000), secureCookies(ctx));
      return currentUserView(ctx.db, userOf(request));
    },
  });
}
