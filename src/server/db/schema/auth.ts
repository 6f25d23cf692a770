import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

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
