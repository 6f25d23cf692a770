import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per notification already queued for an event (e.g. "order_delivered:{orderId}"), so an event handler
 * that runs again (a retried job) does not queue the same Discord message twice.
 */
export const notificationReceipts = pgTable("notification_receipts", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
