import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_RATE_LIMITS, API_TEXTS, type ApiErrorCode } from "../../../contract/api.js";
import { activeTier, hasPaidTier } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/auth.js";
import { HttpError } from "../../http/errors.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import { hashToken, type SessionUser } from "./sessions.js";

/** Per key and minute (docs/api.md, Rate limits); reads and writes are counted apart so polling never starves order creation. */
const API_READ_LIMIT: RateLimitRule = {
  name: "api_read",
  points: API_RATE_LIMITS.reads,
  durationSeconds: API_RATE_LIMITS.windowSeconds,
};
/** The writes' limit comes from the configuration: a load test of order creation raises it (decision 054). */
const apiWriteLimit = (writesPerMinute: number): RateLimitRule => ({
  name: "api_write",
  points: writesPerMinute,
  durationSeconds: API_RATE_LIMITS.windowSeconds,
});

declare module "fastify" {
  interface FastifyRequest {
    /** The seller whose API key authenticated the request. */
    apiUser?: SessionUser;
  }
}

/** A public API error: its status follows from the code (spec 001 §8). */
export const apiError = (
  status: number,
  code: ApiErrorCode,
  message: string,
  headers: Record<string, string> = {},
) => new HttpError(status, message, headers, code);

export const bearerToken = (request: FastifyRequest): string | null =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? null;

const keyLookup = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.apiKeyHash, sql.placeholder("keyHash")))
    .limit(1)
    .prepare("find_api_key_user");

/**
 * Every public API request looks its key up: a prepared statement per database, so neither Drizzle (building the
 * query of every column of users) nor PostgreSQL (parsing and planning it) repeats that work per request.
 */
const keyLookups = new WeakMap<Db, ReturnType<typeof keyLookup>>();

export async function findApiKeyUser(db: Db, key: string): Promise<SessionUser | null> {
  let lookup = keyLookups.get(db);
  if (!lookup) {
    lookup = keyLookup(db);
    keyLookups.set(db, lookup);
  }
  const [user] = await lookup.execute({ keyHash: hashToken(key) });
  return user ?? null;
}

/**
 * The public API's scope: `Authorization: Bearer <API key>` names a seller (401 without a valid one); every answer
 * then carries the key's RateLimit-* headers (429 with Retry-After once spent); the seller must have the
 * integration on (403) and a Basic or Pro plan that has not expired (403).
 */
export function requireApiKey(ctx: AppContext) {
  const writeLimit = apiWriteLimit(ctx.config.apiWritesPerMinute);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw apiError(401, "missing_api_key", API_TEXTS.missingKey);
    const user = await findApiKeyUser(ctx.db, token);
    if (!user?.apiKeyHash) throw apiError(401, "invalid_api_key", API_TEXTS.invalidKey);
    const rule = request.method === "GET" || request.method === "HEAD" ? API_READ_LIMIT : writeLimit;
    const window = await ctx.rateLimits.take(rule, user.apiKeyHash);
    reply.headers({
      "RateLimit-Limit": String(window.limit),
      "RateLimit-Remaining": String(window.remaining),
      "RateLimit-Reset": String(window.resetSeconds),
    });
    if (!window.allowed)
      throw apiError(429, "rate_limited", API_TEXTS.rateLimited, {
        "Retry-After": String(window.resetSeconds),
      });
    if (!user.apiIntegrationEnabled) throw apiError(403, "api_integration_disabled", API_TEXTS.disabled);
    if (!hasPaidTier(activeTier(user, ctx.clock())))
      throw apiError(403, "subscription_required", API_TEXTS.tierRequired);
    request.apiUser = user;
  };
}

/** The seller of a request in the API key scope. */
export function apiUserOf(request: FastifyRequest): SessionUser {
  if (!request.apiUser) throw apiError(401, "invalid_api_key", API_TEXTS.invalidKey);
  return request.apiUser;
}
