import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { EventBus } from "./events/bus.js";
import type { RateLimits } from "./http/rate-limit.js";
import type { Providers } from "./integrations/index.js";
import type { JobQueue } from "./jobs/queue.js";

/** What every module gets: shared infrastructure and the external services, built once per app. */
export interface AppContext {
  config: Config;
  /** The time the app decides by (a fixed one in tests). */
  clock: Clock;
  database: Database;
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  /** Roblox, Shopify, Discord: the real services, or their sandbox emulators (or a test's fakes). */
  providers: Providers;
  rateLimits: RateLimits;
  log: FastifyBaseLogger;
}
