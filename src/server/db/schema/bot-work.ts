import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce.js";
import { bots, users } from "./core.js";

/**
 * Friend requests a delivery bot must send in game (the bot agent reads them as work and marks them sent).
 * status: to_send | sent. One per order: turning the bot on again for the same order re-queues it.
 */
export const botFriendRequests = pgTable(
  "bot_friend_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: uuid("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }).notNull(),
    robloxUsername: text("roblox_username").notNull(),
    status: text("status").notNull().default("to_send"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bot_friend_requests_order_key").on(t.orderId),
    index("bot_friend_requests_bot_idx").on(t.botId, t.status),
  ],
);

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
