import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt } from "./columns.js";

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
