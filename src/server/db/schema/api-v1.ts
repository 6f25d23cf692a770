import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { createdAt } from "./columns.js";

/**
 * The public API's Idempotency-Key: the first answer to a key (with a hash of its request) is kept for 24 hours so a
 * retry gets the same order. The row is written in the transaction that creates the order, so concurrent retries
 * wait on its primary key and only one creates anything.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("api_idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/** A seller's outgoing webhook endpoint (one per seller); its signing secret is encrypted at rest. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  secretEncrypted: text("secret_encrypted").notNull(),
  createdAt: createdAt(),
});

/** One event to one endpoint: its id is the delivery id a receiver deduplicates by; status pending | delivered | failed. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The order an event is about (null for test events): an order's event is delivered once per endpoint. */
    orderId: uuid("order_id"),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("webhook_deliveries_order_event_key")
      .on(t.endpointId, t.event, t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
  ],
);
