import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BOT_STATUSES, type BotStatus } from "../../../contract/bots.js";
import { users } from "./auth.js";
import { createdAt, oneOf } from "./columns.js";
import { orders } from "./orders.js";

export const gameSettings = pgTable("game_settings", {
  game: text("game").primaryKey(),
  privateServerLink: text("private_server_link"),
  maxUniqueItems: integer("max_unique_items"),
  maxItemsPerListing: integer("max_items_per_listing"),
});

export const bots = pgTable(
  "bots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    game: text("game").notNull(),
    botUsername: text("bot_username").notNull(),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }),
    assignedUserId: uuid("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<BotStatus>().notNull().default("offline"),
    onlineUntil: timestamp("online_until", { withTimezone: true }),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    privateServerLink: text("private_server_link"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bots_username_lower_key").on(sql`lower(${t.botUsername})`),
    uniqueIndex("bots_assigned_user_game_key").on(t.assignedUserId, t.game),
    check("bots_status_check", oneOf(t.status, BOT_STATUSES)),
  ],
);

export const whitelistedUsers = pgTable(
  "whitelisted_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    robloxUsername: text("roblox_username").notNull(),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }).notNull(),
    thumbnailUrl: text("thumbnail_url"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("whitelisted_users_user_roblox_key").on(t.userId, t.robloxUserId)],
);

const FRIEND_REQUEST_STATUSES = ["to_send", "sent"] as const;
type FriendRequestStatus = (typeof FRIEND_REQUEST_STATUSES)[number];

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
    status: text("status").$type<FriendRequestStatus>().notNull().default("to_send"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bot_friend_requests_order_key").on(t.orderId),
    index("bot_friend_requests_bot_idx").on(t.botId, t.status),
    check("bot_friend_requests_status_check", oneOf(t.status, FRIEND_REQUEST_STATUSES)),
  ],
);
