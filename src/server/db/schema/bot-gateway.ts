import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { bots } from "./bots.js";
import { createdAt } from "./columns.js";

/** Keys for delivery-bot agents (Bot API bearer tokens), stored hashed. */
export const botKeys = pgTable("bot_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  keyPrefix: text("key_prefix").notNull(),
  createdAt: createdAt(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/**
 * Every in-game trade a bot reported as a deposit, credited or refused (the audit log of refusals).
 * tradeRef, when the bot sends one, makes a retried credit idempotent. outcome: credited | refused.
 */
export const botDeposits = pgTable(
  "bot_deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: uuid("bot_id").references(() => bots.id, { onDelete: "set null" }),
    botUsername: text("bot_username").notNull(),
    sellerId: uuid("seller_id").references(() => users.id, { onDelete: "set null" }),
    partnerRobloxUserId: bigint("partner_roblox_user_id", { mode: "number" }).notNull(),
    tradeRef: text("trade_ref"),
    items: jsonb("items").notNull(),
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Only credits are deduplicated: a refused report may be retried once the partner is whitelisted.
    uniqueIndex("bot_deposits_credited_trade_ref_key")
      .on(t.botUsername, t.tradeRef)
      .where(sql`${t.outcome} = 'credited'`),
    index("bot_deposits_seller_idx").on(t.sellerId, t.createdAt),
  ],
);
