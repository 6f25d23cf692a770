import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";

/**
 * The settled hour up to which the rollup job has summed every seller's buckets (one row, decision 053); null makes
 * it check them all again.
 */
export const dashboardRollupMark = pgTable(
  "dashboard_rollup_mark",
  {
    only: boolean("only").primaryKey().default(true),
    rolledTo: timestamp("rolled_to", { withTimezone: true }),
  },
  (t) => [check("dashboard_rollup_mark_only", sql`${t.only}`)],
);

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

/**
 * The seller of an analytics row. The folded tables reference users; a delta row copies the seller of an order row
 * that the order's own foreign key checked in the same statement, so the deltas have none (migration 0026).
 */
function seller(checked: boolean) {
  const column = uuid("user_id").notNull();
  return checked ? column.references(() => users.id, { onDelete: "cascade" }) : column;
}

/**
 * Analytics per seller, game and hour or UTC day of the orders' creation (drizzle/0019_analytics.sql). Unlike the
 * rollups above they follow each order's outcome (claimed, delivered, refunded). Each has three parts (decision
 * 045): triggers on orders and order_items append what every change adds or takes away to `*_delta` (no key, so
 * order transactions lock no shared row), the fold job moves the deltas into `*_folded` every few seconds, and a
 * view with the plain name sums both, which is what the readers query. The stats deltas hold hours only; the fold
 * and the views count each hour for its UTC day too (migration 0026).
 */
const statsColumns = (sellerChecked = true) => ({
  userId: seller(sellerChecked),
  span: text("span").notNull(),
  bucket: timestamp("bucket", { withTimezone: true }).notNull(),
  game: text("game").notNull(),
  orders: integer("orders").notNull(),
  /** Totals of the orders paid and neither cancelled nor refunded (before or after delivery). */
  revenue: numeric("revenue", { precision: 16, scale: 2 }).notNull(),
  claimed: integer("claimed").notNull(),
  delivered: integer("delivered").notNull(),
  failed: integer("failed").notNull(),
  failedRevenue: numeric("failed_revenue", { precision: 16, scale: 2 }).notNull(),
});

export const analyticsStatsFolded = pgTable("analytics_stats_folded", statsColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.span, t.bucket, t.game] }),
  check("analytics_stats_folded_span_check", sql`${t.span} IN ('day', 'hour')`),
  /** The sellers with orders in a bucket, for the dashboard's rollup job. */
  index("analytics_stats_folded_bucket_idx").on(t.span, t.bucket),
]);
export const analyticsStatsDelta = pgTable("analytics_stats_delta", statsColumns(false));
export const analyticsStats = pgView("analytics_stats", statsColumns()).existing();

/** The same per item: units sold, their share of the revenue (by units) and units delivered (what costs count). */
const itemStatsColumns = (sellerChecked = true) => ({
  userId: seller(sellerChecked),
  span: text("span").notNull(),
  bucket: timestamp("bucket", { withTimezone: true }).notNull(),
  game: text("game").notNull(),
  itemId: uuid("item_id").notNull(),
  units: integer("units").notNull(),
  revenue: numeric("revenue", { precision: 20, scale: 6 }).notNull(),
  deliveredUnits: integer("delivered_units").notNull(),
});

export const analyticsItemStatsFolded = pgTable("analytics_item_stats_folded", itemStatsColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.span, t.bucket, t.game, t.itemId] }),
  check("analytics_item_stats_folded_span_check", sql`${t.span} IN ('day', 'hour')`),
]);
export const analyticsItemStatsDelta = pgTable("analytics_item_stats_delta", itemStatsColumns(false));
export const analyticsItemStats = pgView("analytics_item_stats", itemStatsColumns()).existing();

/** Orders per bin of time to claim or to deliver (bins 25% wide, `analytics_bin`), per UTC day of creation. */
const durationsColumns = (sellerChecked = true) => ({
  userId: seller(sellerChecked),
  day: timestamp("day", { withTimezone: true }).notNull(),
  kind: text("kind").notNull(),
  bin: smallint("bin").notNull(),
  n: integer("n").notNull(),
});

export const analyticsDurationsFolded = pgTable("analytics_durations_folded", durationsColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.day, t.kind, t.bin] }),
  check("analytics_durations_folded_kind_check", sql`${t.kind} IN ('claim', 'deliver')`),
]);
export const analyticsDurationsDelta = pgTable("analytics_durations_delta", durationsColumns(false));
export const analyticsDurations = pgView("analytics_durations", durationsColumns()).existing();

/** Each Roblox username that claimed a seller's orders (lower-cased), with its orders, revenue and latest order. */
const buyersColumns = (sellerChecked = true) => ({
  userId: seller(sellerChecked),
  buyer: text("buyer").notNull(),
  username: text("username").notNull(),
  orders: integer("orders").notNull(),
  revenue: numeric("revenue", { precision: 16, scale: 2 }).notNull(),
  lastOrderAt: timestamp("last_order_at", { withTimezone: true }).notNull(),
});

export const analyticsBuyersFolded = pgTable("analytics_buyers_folded", buyersColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.buyer] }),
  /** The repeat buyers in the order the analytics list them (decision 053). */
  index("analytics_buyers_repeat_idx")
    .on(t.userId, t.orders.desc(), t.lastOrderAt.desc(), t.buyer)
    .where(sql`${t.orders} > 1`),
]);
export const analyticsBuyersDelta = pgTable("analytics_buyers_delta", buyersColumns(false));
export const analyticsBuyers = pgView("analytics_buyers", buyersColumns()).existing();
