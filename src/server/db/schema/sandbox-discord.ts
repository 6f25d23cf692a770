import { doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The Discord emulator's rate-limit switch (one row, id 1): the next `remaining` deliveries answer 429 with
 * `retry_after`. In the database so every instance sharing it behaves alike.
 */
export const sandboxDiscordRateLimits = pgTable("sandbox_discord_rate_limits", {
  id: integer("id").primaryKey(),
  remaining: integer("remaining").notNull().default(0),
  retryAfterSeconds: doublePrecision("retry_after_seconds").notNull().default(1),
  /** When the emulator last answered 429: lets a tester see that the retry waited retry_after. */
  lastLimitedAt: timestamp("last_limited_at", { withTimezone: true }),
});

/**
 * The Discord emulator's own limit per webhook (decision 044): the fixed window its executions fall in and how many
 * that window has seen.
 */
export const sandboxDiscordBuckets = pgTable("sandbox_discord_buckets", {
  webhookId: text("webhook_id").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});
