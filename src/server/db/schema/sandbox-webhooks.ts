import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What the sandbox's webhook receiver got, so a tester sees deliveries without a server of their own. */
export const sandboxWebhookReceipts = pgTable("sandbox_webhook_receipts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  path: text("path").notNull(),
  headers: jsonb("headers").notNull(),
  body: text("body").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
