import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt } from "./columns.js";

export const subscriptionKeys = pgTable("subscription_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  keyHash: text("key_hash").notNull().unique(),
  keyEncrypted: text("key_encrypted").notNull(),
  tier: text("tier").notNull(),
  usedByUserId: uuid("used_by_user_id").references(() => users.id, { onDelete: "set null" }),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});
