import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./core.js";

/**
 * Per-seller rollups of order intake for the dashboard, by UTC day and by hour (`span`). A row exists for each
 * bucket that has been summed (zero rows included), so a seller with a million orders reads about a hundred rows
 * instead of scanning them: the whole days of a period, the hours at its two ends, and under an hour or so of
 * orders at each end live. Only buckets that are over are rolled up, and what they sum (creation time, total,
 * listing) never changes later.
 */
export const dashboardStats = pgTable(
  "dashboard_stats",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    span: text("span").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    orderCount: integer("order_count").notNull(),
    totalSales: numeric("total_sales", { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.span, t.bucket] }),
    check("dashboard_stats_span_check", sql`${t.span} IN ('day', 'hour')`),
  ],
);

/** Orders per listing per bucket (the Most Popular Listings chart); written with the bucket's dashboard_stats row. */
export const dashboardListingStats = pgTable(
  "dashboard_listing_stats",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    span: text("span").notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    listingId: uuid("listing_id").notNull(),
    orderCount: integer("order_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.span, t.bucket, t.listingId] }),
    check("dashboard_listing_stats_span_check", sql`${t.span} IN ('day', 'hour')`),
  ],
);
