import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per notification already queued for an event (e.g. "order_delivered:{orderId}"), so an event handler
 * that runs again (a retried job) does not queue the same Discord message twice.
 */
export const notificationReceipts = pgTable("notification_receipts", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per discord.send job whose message is being or was sent, written before the webhook is called: a job
 * retried after its process died mid-send (same pg-boss job id) finds it and sends nothing (at most once).
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    jobId: uuid("job_id").primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_deliveries_created_idx").on(t.createdAt)],
);
