import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { items, users } from "./core.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const shops = pgTable("shops", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  domain: text("domain").notNull().unique(),
  accessTokenEncrypted: text("access_token_encrypted").notNull(),
  /** Null, with no refresh token: a non-expiring token from before decision 032, exchanged on its next use. */
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenEncrypted: text("refresh_token_encrypted"),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scopes: text("scopes").notNull(),
  installedAt: timestamp("installed_at", { withTimezone: true }).notNull().defaultNow(),
  uninstalledAt: timestamp("uninstalled_at", { withTimezone: true }),
  /** When Shopify refused the stored tokens or their renewal; null once a call succeeds or an install stores a pair. */
  accessRefusedAt: timestamp("access_refused_at", { withTimezone: true }),
});

export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  shop: text("shop").notNull(),
  purpose: text("purpose").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    game: text("game").notNull(),
    shopifyProductId: text("shopify_product_id").notNull(),
    shopifyVariantId: text("shopify_variant_id").notNull(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listings_user_variant_key").on(t.userId, t.shopifyVariantId),
    check("listings_stock_non_negative", sql`${t.stockQuantity} >= 0`),
  ],
);

export const listingItems = pgTable(
  "listing_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [uniqueIndex("listing_items_listing_item_key").on(t.listingId, t.itemId)],
);

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
    source: text("source").notNull(),
    status: text("status").notNull().default("unclaimed"),
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

/** Idempotency of Shopify order intake: the same order delivered any number of times maps to one order. */
export const shopifyOrderReceipts = pgTable(
  "shopify_order_receipts",
  {
    shopDomain: text("shop_domain").notNull(),
    shopifyOrderId: text("shopify_order_id").notNull(),
    orderId: uuid("order_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopDomain, t.shopifyOrderId] })],
);

/** The latest Shopify state of an order from its lifecycle webhooks, even before orders/create (decision 028). */
export const shopifyOrderStates = pgTable(
  "shopify_order_states",
  {
    shopDomain: text("shop_domain").notNull(),
    shopifyOrderId: text("shopify_order_id").notNull(),
    financialStatus: text("financial_status"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    shopifyUpdatedAt: timestamp("shopify_updated_at", { withTimezone: true }).notNull(),
    lastEventId: text("last_event_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopDomain, t.shopifyOrderId] })],
);

/** One row per Shopify refund (refunds/create); applied_at once its lines were released. */
export const shopifyRefunds = pgTable(
  "shopify_refunds",
  {
    shopDomain: text("shop_domain").notNull(),
    refundId: text("refund_id").notNull(),
    shopifyOrderId: text("shopify_order_id").notNull(),
    /** [{ variantId, quantity }] */
    lines: jsonb("lines").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopDomain, t.refundId] }),
    index("shopify_refunds_order_idx").on(t.shopDomain, t.shopifyOrderId).where(sql`${t.appliedAt} IS NULL`),
  ],
);

/**
 * A seller's crypto payment for a plan. status is one of the spec's (pending, completed, mismatch, expired, partial);
 * applied_at is set by the one transaction that activates the plan, so an invoice activates at most once.
 */
export const cryptoInvoices = pgTable(
  "crypto_invoices",
  {
    txnId: text("txn_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    amount: numeric("amount", { precision: 24, scale: 8 }).notNull(),
    pendingAmount: numeric("pending_amount", { precision: 24, scale: 8 }).notNull(),
    currency: text("currency").notNull(),
    walletHash: text("wallet_hash").notNull(),
    invoiceUrl: text("invoice_url").notNull(),
    txUrls: text("tx_urls"),
    orderNumber: text("order_number").notNull().unique(),
    subscriptionTier: text("subscription_tier").notNull(),
    subscriptionDuration: text("subscription_duration").notNull(),
    sourceAmount: numeric("source_amount", { precision: 14, scale: 2 }).notNull(),
    discountCode: text("discount_code"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
    provider: text("provider").notNull().default("plisio"),
    expectedConfirmations: integer("expected_confirmations").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** What this invoice holds of its discount code: reserved (open), consumed (paid), released; null without one. */
    discountState: text("discount_state").$type<"reserved" | "consumed" | "released">(),
    /** Confirmed money received; what is left to pay (pending_amount) is the amount less it. */
    receivedAmount: numeric("received_amount", { precision: 24, scale: 8 }).notNull().default("0"),
    /** A payment is seen but not yet confirmed. */
    awaitingConfirmation: boolean("awaiting_confirmation").notNull().default(false),
  },
  (t) => [
    index("crypto_invoices_user_created_idx").on(t.userId, t.createdAt),
    // The poller's work list: only invoices still waiting for money are indexed.
    index("crypto_invoices_open_idx").on(t.createdAt).where(sql`${t.status} IN ('pending', 'partial')`),
  ],
);

export const subscriptionKeys = pgTable("subscription_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  keyHash: text("key_hash").notNull().unique(),
  keyEncrypted: text("key_encrypted").notNull(),
  tier: text("tier").notNull(),
  usedByUserId: uuid("used_by_user_id").references(() => users.id, { onDelete: "set null" }),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    discountPercentage: integer("discount_percentage").notNull(),
    applicablePlans: text("applicable_plans").notNull().default("both"),
    maxUsage: integer("max_usage").notNull().default(100),
    usageCount: integer("usage_count").notNull().default(0),
    /** Uses held by open invoices quoted with the code (decision 039). */
    reservedCount: integer("reserved_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "discount_usage_within_limit",
      sql`${t.usageCount} >= 0 AND ${t.reservedCount} >= 0 AND ${t.usageCount} + ${t.reservedCount} <= ${t.maxUsage}`,
    ),
  ],
);

/** The invoice request being opened for a seller: a repeat of the same intent within a minute gets that invoice. */
export const invoiceRequests = pgTable("invoice_requests", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  intent: text("intent").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
});

/** Money that arrived but could not buy what it was for (decision 040), until an admin settles it. */
export const paymentsToSettle = pgTable(
  "payments_to_settle",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    txnId: text("txn_id")
      .notNull()
      .references(() => cryptoInvoices.txnId, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amount: numeric("amount", { precision: 24, scale: 8 }).notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    settledNote: text("settled_note"),
  },
  (t) => [
    uniqueIndex("payments_to_settle_txn_kind_key").on(t.txnId, t.kind),
    index("payments_to_settle_open_idx").on(t.createdAt).where(sql`${t.settledAt} IS NULL`),
  ],
);
