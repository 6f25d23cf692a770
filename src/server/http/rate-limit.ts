import type { FastifyReply, FastifyRequest } from "fastify";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Database } from "../db/client.js";
import { HttpError } from "./errors.js";

export interface RateLimitRule {
  /** Name of the limit, e.g. "login". */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/**
 * Rate limits shared by all instances: stored in PostgreSQL when the app runs on it, in memory on PGlite
 * (a single process by construction).
 */
export class RateLimits {
  private limiters = new Map<string, Promise<RateLimiterAbstract>>();

  constructor(private database: Database) {}

  /** The rule's limiter, once usable (the PostgreSQL one first creates its table; consuming earlier fails). */
  private limiter(rule: RateLimitRule): Promise<RateLimiterAbstract> {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const opts = { keyPrefix: `rl_${rule.name}`, points: rule.points, duration: rule.durationSeconds };
      const pool = this.database.driver === "postgres" ? this.database.pool : undefined;
      limiter = pool
        ? new Promise<RateLimiterAbstract>((resolve, reject) => {
            const created: RateLimiterAbstract = new RateLimiterPostgres(
              {
                ...opts,
                storeClient: pool,
                tableName: "rate_limits",
                tableCreated: false,
                clearExpiredByTimeout: true,
              },
              (err?: unknown) => (err ? reject(err) : resolve(created)),
            );
          })
        : Promise.resolve(new RateLimiterMemory(opts));
      limiter.catch(() => this.limiters.delete(rule.name));
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Consumes one point for key; throws a 429 with Retry-After when the limit is spent. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    const { allowed, resetSeconds } = await this.take(rule, key);
    if (!allowed) throw new HttpError(429, "Rate limit exceeded", { "Retry-After": String(resetSeconds) });
  }

  /**
   * Consumes one point for key and tells where the window stands (for RateLimit-* headers); `allowed` is false
   * when the limit was already spent.
   */
  async take(rule: RateLimitRule, key: string): Promise<RateLimitState> {
    const state = (res: RateLimiterRes, allowed: boolean): RateLimitState => ({
      allowed,
      limit: rule.points,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    try {
      return state(await (await this.limiter(rule)).consume(key), true);
    } catch (res) {
      if (res instanceof RateLimiterRes) return state(res, false);
      throw res;
    }
  }

  /**
   * The rule's key prefix in the limiter's table when a statement may take its points itself (`rateLimitTakeCte`, in
   * the caller's own transaction and round trip): on PostgreSQL, once the table exists; null on PGlite, where `take`
   * counts in memory.
   */
  async tableKeyPrefix(rule: RateLimitRule): Promise<string | null> {
    if (this.database.driver !== "postgres") return null;
    await this.limiter(rule);
    return `rl_${rule.name}:`;
  }

  /** A preHandler that limits by client IP. */
  perIp(rule: RateLimitRule) {
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      await this.consume(rule, request.ip);
    };
  }
}

/**
 * A CTE `name` that takes points as the PostgreSQL limiter does (rate-limiter-flexible's upsert on its table, so both
 * count in the same rows): `source` yields (key, points) rows; they are written in key order, so concurrent takes lock
 * rows in one order. `now` and `expire` are SQL expressions of epoch milliseconds.
 */
export function rateLimitTakeCte(name: string, source: string, now: string, expire: string): string {
  return `${name} AS (
    INSERT INTO rate_limits AS rl (key, points, expire)
    SELECT s.key, s.points, ${expire} FROM (${source}) s ORDER BY s.key
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN rl.expire <= ${now} THEN excluded.points ELSE rl.points + excluded.points END,
      expire = CASE WHEN rl.expire <= ${now} THEN excluded.expire ELSE rl.expire END
    RETURNING rl.key, rl.points, rl.expire
  )`;
}

/**
 * The windows of `count` points taken at once for one key (one each, in order) that left its row at `total` points,
 * expiring at `expireMs`: the i-th take is allowed while the points up to it fit the rule, as `take` would have
 * answered each in turn.
 */
export function windowsOfTakes(
  rule: RateLimitRule,
  total: number,
  expireMs: number,
  count: number,
  now: number,
): RateLimitState[] {
  const resetSeconds = Math.max(1, Math.ceil(Math.max(0, expireMs - now) / 1000));
  return Array.from({ length: count }, (_, i) => {
    const consumed = total - count + i + 1;
    return {
      allowed: consumed <= rule.points,
      limit: rule.points,
      remaining: Math.max(0, rule.points - consumed),
      resetSeconds,
    };
  });
}
