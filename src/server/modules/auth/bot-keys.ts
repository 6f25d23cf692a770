import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { API_TEXTS } from "../../../contract/api.js";
import { BOTAPI_TEXTS } from "../../../contract/botapi.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { botKeys } from "../../db/schema/bot-gateway.js";
import { unauthorized } from "../../http/errors.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import { apiError, bearerToken, findApiKeyUser } from "./api-keys.js";
import { hashToken, requireAdmin } from "./sessions.js";

/** A bot loops every 2 s with a handful of calls per bot; this leaves room for several bots on one key. */
export const BOT_API_RATE_LIMIT: RateLimitRule = { name: "botapi", points: 1200, durationSeconds: 60 };

export interface BotKeyIdentity {
  id: string;
  name: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the request was authenticated with a Bot API key. */
    botKey?: BotKeyIdentity;
  }
}

async function findBotKey(db: Db, key: string): Promise<BotKeyIdentity | null> {
  const [row] = await db
    .select({ id: botKeys.id, name: botKeys.name })
    .from(botKeys)
    .where(and(eq(botKeys.keyHash, hashToken(key)), isNull(botKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The hook of the Bot API and the spec's admin endpoints a bot calls: `Authorization: Bearer <bot key>` (rate
 * limited per key), or else an admin session.
 */
export function requireBotOrAdmin(ctx: AppContext) {
  const adminOnly = requireAdmin(ctx);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header === undefined) return adminOnly(request);
    const token = bearerToken(request);
    const identity = token ? await findBotKey(ctx.db, token) : null;
    if (!identity) {
      // A seller's public API key is a real key without the right (spec 001 §8: 403 on admin endpoints).
      if (token && (await findApiKeyUser(ctx.db, token)))
        throw apiError(403, "admin_required", API_TEXTS.adminRequired);
      throw unauthorized(BOTAPI_TEXTS.invalidKey);
    }
    request.botKey = identity;
    await ctx.rateLimits.consume(BOT_API_RATE_LIMIT, identity.id);
  };
}

/** Who did it, for ledger notes and logs (never the key itself). */
export function actorOf(request: FastifyRequest): string {
  return request.botKey
    ? `bot key ${request.botKey.name}`
    : `admin ${request.sessionUser?.username ?? "unknown"}`;
}
