import { doublePrecision, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

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
