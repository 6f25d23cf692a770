import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The Plisio emulator's invoices. A shop is its API key (stored as a SHA-256 hash); order numbers are unique per
 * shop, as Plisio requires. received counts every payment, confirmed those with their one confirmation.
 */
export const sandboxPlisioInvoices = pgTable(
  "sandbox_plisio_invoices",
  {
    txnId: text("txn_id").primaryKey(),
    shopKeyHash: text("shop_key_hash").notNull(),
    orderNumber: text("order_number").notNull(),
    orderName: text("order_name").notNull(),
    currency: text("currency").notNull(),
    sourceAmount: numeric("source_amount", { precision: 14, scale: 2 }).notNull(),
    sourceRate: numeric("source_rate", { precision: 24, scale: 8 }).notNull(),
    amount: numeric("amount", { precision: 24, scale: 8 }).notNull(),
    received: numeric("received", { precision: 24, scale: 8 }).notNull().default("0"),
    confirmed: numeric("confirmed", { precision: 24, scale: 8 }).notNull().default("0"),
    status: text("status").notNull().default("new"),
    walletHash: text("wallet_hash").notNull(),
    callbackUrl: text("callback_url"),
    email: text("email"),
    txUrls: jsonb("tx_urls").$type<string[]>().notNull().default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("sandbox_plisio_invoices_shop_order_key").on(t.shopKeyHash, t.orderNumber)],
);

/** Every callback the emulator owes: attempts so far, and when to try again (null once delivered or given up). */
export const sandboxPlisioCallbacks = pgTable(
  "sandbox_plisio_callbacks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    txnId: text("txn_id").notNull(),
    url: text("url").notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    /** The exact JSON text posted (and signed): jsonb keeps neither key order nor number spelling. */
    payload: text("payload"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sandbox_plisio_callbacks_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`),
  ],
);

/** The emulator's switches (one row, id 1): a shorter invoice lifetime for testers, and lost callbacks. */
export const sandboxPlisioSettings = pgTable("sandbox_plisio_settings", {
  id: integer("id").primaryKey(),
  expireMinutes: integer("expire_minutes"),
  callbacksPaused: boolean("callbacks_paused").notNull().default(false),
});
