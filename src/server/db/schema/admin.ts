import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";

/** Every admin change: who, what, the state before and after, when (decision 020). Rows are never changed. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the row still names the admin after the account is gone. */
    actorUsername: text("actor_username").notNull(),
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_created_idx").on(t.actorUserId, t.createdAt),
    index("audit_log_kind_created_idx").on(t.kind, t.createdAt),
  ],
);
