import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";

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
