import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { RateLimits } from "./http/rate-limit.js";
import type { Providers } from "./integrations/index.js";
import type { JobQueue } from "./jobs/queue.js";
import type { EventBus } from "./realtime/bus.js";

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

/**
 * A domain module (src/server/modules/<name>/index.ts): a Fastify plugin, registered in its own encapsulated
 * context, that registers the module's routes, its jobs and its auth-scoped hooks in one place. app.ts lists the
 * modules; other modules use one only through what its index exports.
 */
export interface AppModule {
  /** Its folder under src/server/modules. */
  name: string;
  /**
   * The URL prefixes its routes start with (docs/architecture.md lists them; the app refuses to start with a
   * route outside its module's prefixes, so a URL finds its module in one guess).
   */
  prefixes: readonly string[];
  /**
   * URLs another module owns that this one serves to callers with an API key (routes constrained to
   * API_KEY_CALLER); docs/architecture.md lists them as "(API key)".
   */
  apiKeyRoutes?: readonly string[];
  plugin: (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;
}
