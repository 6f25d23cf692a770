import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderSource,
  type OrderStatus,
} from "../../../contract/orders.js";
import { users } from "./auth.js";
import { createdAt, oneOf } from "./columns.js";
import { items } from "./items.js";

/**
 * One row per order. source: shopify | api | withdrawal. status: awaiting_payment | unclaimed | pending | completed |
 * failed_no_stock | cancelled | refunded (decision 028). A multi-game Shopify purchase is a parent (game null) with one
 * sub-order per game.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentOrderId: uuid("parent_order_id"),
    source: text("source").$type<OrderSource>().notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("unclaimed"),
    game: text("game"),
    shopDomain: text("shop_domain"),
    shopifyOrderId: text("shopify_order_id"),
    shopifyOrderNumber: text("shopify_order_number"),
    customerEmail: text("customer_email"),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull().default("0"),
    robloxUsername: text("roblox_username"),
    robloxUserId: bigint("roblox_user_id", { mode: "number" }),
    usernameLocked: boolean("username_locked").notNull().default(false),
    authKey: text("auth_key").unique(),
    botId: uuid("bot_id"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    /** Set when the buyer was refunded after the items were delivered: flagged to the seller, ledger untouched. */
    refundedAfterDeliveryAt: timestamp("refunded_after_delivery_at", { withTimezone: true }),
    /** Shopify had not been paid for the purchase yet (orders/paid clears it). */
    paymentPending: boolean("payment_pending").notNull().default(false),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    // The bot agent's queue, oldest first. Only pending orders are indexed, so taking in a new (unclaimed) order
    // does not write to it.
    index("orders_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Sub-orders by parent; most orders have no parent and stay out of it.
    index("orders_parent_idx").on(t.parentOrderId).where(sql`${t.parentOrderId} IS NOT NULL`),
    // The dashboard's Pending Orders count: only open orders are indexed, however many a seller has completed.
    index("orders_user_open_idx")
      .on(t.userId)
      .where(
        sql`${t.status} IN ('pending', 'unclaimed') AND ${t.source} <> 'withdrawal' AND (${t.game} IS NOT NULL OR ${t.source} <> 'shopify')`,
      ),
    // Shopify's order id first: the claim page finds an order by it alone (two shops may share one), and the
    // (shop, id) lookups use the same index.
    index("orders_shopify_order_shop_idx").on(t.shopifyOrderId, t.shopDomain),
    index("orders_failed_idx").on(t.userId, t.createdAt).where(sql`${t.status} = 'failed_no_stock'`),
    check("orders_status_check", oneOf(t.status, ORDER_STATUSES)),
    check("orders_source_check", oneOf(t.source, ORDER_SOURCES)),
    index("orders_awaiting_payment_idx").on(t.createdAt).where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    listingId: uuid("listing_id"),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);
