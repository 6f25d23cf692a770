import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** State of the in-process emulators (only used when SANDBOX is on). Kept in the database so instances share it. */
export const sandboxRobloxUsers = pgTable(
  "sandbox_roblox_users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000001 }),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull().default(""),
    created: timestamp("created", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_roblox_users_name_lower_key").on(sql`lower(${t.name})`)],
);

/** In-game trade offers and friend requests in the sandbox game world. */
export const sandboxGameEvents = pgTable(
  "sandbox_game_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    botUsername: text("bot_username").notNull(),
    fromUserId: bigint("from_user_id", { mode: "number" }),
    toUserId: bigint("to_user_id", { mode: "number" }),
    game: text("game"),
    payload: jsonb("payload"),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_game_events_bot_idx").on(t.botUsername, t.status)],
);

export const sandboxDiscordMessages = pgTable("sandbox_discord_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  webhookId: text("webhook_id").notNull(),
  body: jsonb("body").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
