import { date, integer, numeric, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "./core.js";

/**
 * Per-seller daily rollups of order intake for the dashboard. A row exists for each complete UTC day that has been
 * summed (zero rows included), so a seller with a million orders reads at most 90 rows instead of scanning them.
 * Only days that are over are rolled up, and what they sum (creation time, total, listing) never changes later.
 */
export const dashboardDailyStats = pgTable(
  "dashboard_daily_stats",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    orderCount: integer("order_count").notNull(),
    totalSales: numeric("total_sales", { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Orders per listing per day (the Most Popular Listings chart); written with the day's dashboard_daily_stats row. */
export const dashboardDailyListingStats = pgTable(
  "dashboard_daily_listing_stats",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    listingId: uuid("listing_id").notNull(),
    orderCount: integer("order_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.listingId] })],
);
