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

  /** A preHandler that limits by client IP. */
  perIp(rule: RateLimitRule) {
    return async (request: FastifyRequest, _reply: FastifyReply) => {
      await this.consume(rule, request.ip);
    };
  }
}
