import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }).notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    subscriptionExpiry: timestamp("subscription_expiry", { withTimezone: true }),
    setupCompleted: boolean("setup_completed").notNull().default(false),
    email: text("email"),
    customClaimPageStyle: jsonb("custom_claim_page_style"),
    discordWebhookUrl: text("discord_webhook_url"),
    discordNotificationsEnabled: boolean("discord_notifications_enabled").notNull().default(false),
    discordOrderCreatedEnabled: boolean("discord_order_created_enabled").notNull().default(true),
    discordOrderDeliveredEnabled: boolean("discord_order_delivered_enabled").notNull().default(true),
    discordPingEveryone: boolean("discord_ping_everyone").notNull().default(false),
    apiIntegrationEnabled: boolean("api_integration_enabled").notNull().default(false),
    apiKeyHash: text("api_key_hash"),
    apiKeyPrefix: text("api_key_prefix"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_roblox_user_id_key").on(t.robloxUserId),
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_api_key_hash_key").on(t.apiKeyHash),
  ],
);

export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }).notNull(),
    username: text("username").notNull(),
    phrase: text("phrase").notNull(),
    /** sha256 of the challenge cookie of the browser that asked for the phrase (decision 018). */
    browserHash: text("browser_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("login_challenges_roblox_user_browser_idx").on(t.robloxUserId, t.browserHash, t.createdAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const items = pgTable(
  "items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeName: text("code_name").notNull(),
    publicName: text("public_name").notNull(),
    imageUrl: text("image_url").notNull(),
    game: text("game").notNull(),
    /** A retired item leaves the catalogue, grants and new listings; orders, stock and listings that name it keep it. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("items_game_code_name_key").on(t.game, t.codeName)],
);

/** Current balance per seller and item, kept in step with inventory_ledger inside the same transaction. */
export const inventoryBalances = pgTable(
  "inventory_balances",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    available: integer("available").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check("inventory_available_non_negative", sql`${t.available} >= 0`),
    check("inventory_reserved_non_negative", sql`${t.reserved} >= 0`),
  ],
);

/**
 * Every inventory movement. kind: deposit | admin_grant (available +q), reservation (available -q, reserved +q),
 * release (reserved -q, available +q), delivery (reserved -q).
 */
export const inventoryLedger = pgTable(
  "inventory_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    kind: text("kind").notNull(),
    quantity: integer("quantity").notNull(),
    orderId: uuid("order_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_ledger_user_item_idx").on(t.userId, t.itemId),
    check("inventory_ledger_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

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
    status: text("status").notNull().default("offline"),
    onlineUntil: timestamp("online_until", { withTimezone: true }),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    privateServerLink: text("private_server_link"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bots_username_lower_key").on(sql`lower(${t.botUsername})`),
    uniqueIndex("bots_assigned_user_game_key").on(t.assignedUserId, t.game),
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

/** Keys for delivery-bot agents (Bot API bearer tokens), stored hashed. */
export const botKeys = pgTable("bot_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  keyPrefix: text("key_prefix").notNull(),
  createdAt: createdAt(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});
