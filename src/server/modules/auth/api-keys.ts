import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_RATE_LIMITS, API_TEXTS, type ApiErrorCode } from "../../../contract/api.js";
import { activeTier, hasPaidTier, type Subscription } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/auth.js";
import { HttpError } from "../../http/errors.js";
import type { RateLimitRule, RateLimitState } from "../../http/rate-limit.js";
import { hashToken, type SessionUser } from "./sessions.js";

/** Per key and minute (docs/api.md, Rate limits); reads and writes are counted apart so polling never starves order creation. */
const API_READ_LIMIT: RateLimitRule = {
  name: "api_read",
  points: API_RATE_LIMITS.reads,
  durationSeconds: API_RATE_LIMITS.windowSeconds,
};
/** The writes' limit comes from the configuration: a load test of order creation raises it (decision 054). */
export const apiWriteLimit = (writesPerMinute: number): RateLimitRule => ({
  name: "api_write",
  points: writesPerMinute,
  durationSeconds: API_RATE_LIMITS.windowSeconds,
});

declare module "fastify" {
  interface FastifyRequest {
    /** The seller whose API key authenticated the request. */
    apiUser?: SessionUser;
    /**
     * The hash of the bearer key of a route that checks its key itself (`apiKeyInHandler`), until it has: a request
     * that fails before its handler (an unreadable body) is then checked by the error handler.
     */
    apiKeyUnchecked?: string;
  }
  interface FastifyContextConfig {
    /**
     * The handler finds the key's seller, takes its rate limit and checks integration and plan itself, in the round
     * trip of its own work (create-order's batch), answering as the scope's hook would have; the hook only requires
     * a bearer key.
     */
    apiKeyInHandler?: boolean;
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

async function findApiKeyHashUser(db: Db, keyHash: string): Promise<SessionUser | null> {
  let lookup = keyLookups.get(db);
  if (!lookup) {
    lookup = keyLookup(db);
    keyLookups.set(db, lookup);
  }
  const [user] = await lookup.execute({ keyHash });
  return user ?? null;
}

export const findApiKeyUser = (db: Db, key: string) => findApiKeyHashUser(db, hashToken(key));

/** What the scope's hook needs of a key's seller. */
export type ApiCaller = Subscription & Pick<SessionUser, "apiIntegrationEnabled">;

export const rateLimitHeaders = (window: RateLimitState) => ({
  "RateLimit-Limit": String(window.limit),
  "RateLimit-Remaining": String(window.remaining),
  "RateLimit-Reset": String(window.resetSeconds),
});

/**
 * The refusal of a request whose key named `caller`, once its take left `window` (its RateLimit-* headers are sent
 * whatever the answer): 429 once the limit is spent, then 403 without the integration on or a paid plan.
 */
export function apiCallerRefusal(caller: ApiCaller, window: RateLimitState, now: number): HttpError | null {
  if (!window.allowed)
    return apiError(429, "rate_limited", API_TEXTS.rateLimited, {
      "Retry-After": String(window.resetSeconds),
    });
  if (!caller.apiIntegrationEnabled) return apiError(403, "api_integration_disabled", API_TEXTS.disabled);
  if (!hasPaidTier(activeTier(caller, now)))
    return apiError(403, "subscription_required", API_TEXTS.tierRequired);
  return null;
}

/** The scope's checks of a request's key by its hash: 401, the rate limit's take and headers, 429, 403. */
async function checkApiKey(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, keyHash: string) {
  const user = await findApiKeyHashUser(ctx.db, keyHash);
  if (!user?.apiKeyHash) throw apiError(401, "invalid_api_key", API_TEXTS.invalidKey);
  const rule =
    request.method === "GET" || request.method === "HEAD"
      ? API_READ_LIMIT
      : apiWriteLimit(ctx.config.apiWritesPerMinute);
  const window = await ctx.rateLimits.take(rule, user.apiKeyHash);
  reply.headers(rateLimitHeaders(window));
  const refusal = apiCallerRefusal(user, window, ctx.clock());
  if (refusal) throw refusal;
  request.apiUser = user;
}

/**
 * For an error answered before the handler of an `apiKeyInHandler` route checked the key (an unreadable body): the
 * error the scope's hook would have answered first, if any, as that hook would (a point taken, headers set).
 */
export async function apiKeyErrorFirst(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const keyHash = request.apiKeyUnchecked;
  if (keyHash === undefined) return null;
  request.apiKeyUnchecked = undefined;
  try {
    await checkApiKey(ctx, request, reply, keyHash);
    return null;
  } catch (err) {
    return err;
  }
}

/**
 * The public API's scope: `Authorization: Bearer <API key>` names a seller (401 without a valid one); every answer
 * then carries the key's RateLimit-* headers (429 with Retry-After once spent); the seller must have the
 * integration on (403) and a Basic or Pro plan that has not expired (403).
 */
export function requireApiKey(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw apiError(401, "missing_api_key", API_TEXTS.missingKey);
    if (request.routeOptions.config.apiKeyInHandler) request.apiKeyUnchecked = hashToken(token);
    else await checkApiKey(ctx, request, reply, hashToken(token));
  };
}

/** The seller of a request in the API key scope. */
export function apiUserOf(request: FastifyRequest): SessionUser {
  if (!request.apiUser) throw apiError(401, "invalid_api_key", API_TEXTS.invalidKey);
  return request.apiUser;
}
