import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * State of the Shopify emulator (only used when SANDBOX is on). Every Shopify id it hands out comes from one
 * sequence that starts above 2^53, so a client that parses ids as JavaScript numbers breaks in the sandbox first.
 */
export const sandboxShopifyIds = pgSequence("sandbox_shopify_ids", { startWith: "9007199254740993" });
const shopifyId = (name: string) =>
  text(name).primaryKey().default(sql`nextval('sandbox_shopify_ids')::text`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const shopRef = () =>
  text("shop")
    .notNull()
    .references(() => sandboxShopifyShops.domain, { onDelete: "cascade" });

export const sandboxShopifyShops = pgTable("sandbox_shopify_shops", {
  domain: text("domain").primaryKey(),
  shopId: text("shop_id").notNull().default(sql`nextval('sandbox_shopify_ids')::text`),
  locationId: text("location_id").notNull().default(sql`nextval('sandbox_shopify_ids')::text`),
  nextOrderNumber: integer("next_order_number").notNull().default(1001),
  createdAt: createdAt(),
});

export const sandboxShopifyProducts = pgTable(
  "sandbox_shopify_products",
  {
    id: shopifyId("id"),
    shop: shopRef(),
    title: text("title").notNull(),
    handle: text("handle").notNull(),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_shopify_products_shop_idx").on(t.shop)],
);

export const sandboxShopifyVariants = pgTable(
  "sandbox_shopify_variants",
  {
    id: shopifyId("id"),
    productId: text("product_id")
      .notNull()
      .references(() => sandboxShopifyProducts.id, { onDelete: "cascade" }),
    shop: shopRef(),
    title: text("title").notNull().default("Default Title"),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    sku: text("sku"),
    inventoryItemId: text("inventory_item_id")
      .notNull()
      .unique()
      .default(sql`nextval('sandbox_shopify_ids')::text`),
    inventoryQuantity: integer("inventory_quantity").notNull().default(0),
  },
  (t) => [index("sandbox_shopify_variants_product_idx").on(t.productId)],
);

export const sandboxShopifyAuthCodes = pgTable("sandbox_shopify_auth_codes", {
  codeHash: text("code_hash").primaryKey(),
  shop: shopRef(),
  scopes: text("scopes").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * An access token the emulator issued. An expiring one has its expiry and a refresh token, good once
 * (refreshed_at) until refresh_expires_at; expires_at null is a non-expiring token. Revoking ends both.
 */
export const sandboxShopifyTokens = pgTable(
  "sandbox_shopify_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    shop: shopRef(),
    scopes: text("scopes").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    refreshTokenHash: text("refresh_token_hash"),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sandbox_shopify_tokens_refresh_key").on(t.refreshTokenHash)],
);

export const sandboxShopifyWebhooks = pgTable(
  "sandbox_shopify_webhooks",
  {
    id: shopifyId("id"),
    shop: shopRef(),
    topic: text("topic").notNull(),
    callbackUrl: text("callback_url").notNull(),
    format: text("format").notNull().default("JSON"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_shopify_webhooks_topic_url_key").on(t.shop, t.topic, t.callbackUrl)],
);

/** payload is the exact JSON text delivered as orders/create, big ids and all. */
export const sandboxShopifyOrders = pgTable(
  "sandbox_shopify_orders",
  {
    id: shopifyId("id"),
    shop: shopRef(),
    name: text("name").notNull(),
    email: text("email"),
    totalPrice: numeric("total_price", { precision: 14, scale: 2 }).notNull(),
    payload: text("payload").notNull(),
    fulfillmentOrderId: text("fulfillment_order_id")
      .notNull()
      .default(sql`nextval('sandbox_shopify_ids')::text`),
    fulfillmentStatus: text("fulfillment_status").notNull().default("unfulfilled"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_shopify_orders_shop_idx").on(t.shop, t.createdAt)],
);

export const sandboxShopifyFulfillments = pgTable("sandbox_shopify_fulfillments", {
  id: shopifyId("id"),
  orderId: text("order_id")
    .notNull()
    .references(() => sandboxShopifyOrders.id, { onDelete: "cascade" }),
  shop: shopRef(),
  status: text("status").notNull().default("SUCCESS"),
  trackingCompany: text("tracking_company"),
  trackingNumber: text("tracking_number"),
  createdAt: createdAt(),
});

/** Every webhook the emulator sent and how the receiver answered (shown on the sandbox orders page). */
export const sandboxShopifyDeliveries = pgTable(
  "sandbox_shopify_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    shop: shopRef(),
    topic: text("topic").notNull(),
    webhookId: text("webhook_id").notNull(),
    address: text("address").notNull(),
    orderId: text("order_id"),
    status: integer("status"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_shopify_deliveries_shop_idx").on(t.shop, t.createdAt)],
);

/** The first result of each @idempotent key, answered again to a replay of the key (decision 026). */
export const sandboxShopifyIdempotencyKeys = pgTable(
  "sandbox_shopify_idempotency_keys",
  {
    shop: shopRef(),
    key: text("key").notNull(),
    field: text("field").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shop, t.key] })],
);
