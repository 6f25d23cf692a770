import { z } from "zod";

/** A shop's permanent domain, as Shopify names it. */
export const SHOP_DOMAIN_RE = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const SHOP_SUFFIX = ".myshopify.com";

/**
 * Spec 000 §5: the seller may type just the store name; ".myshopify.com" is appended when missing. Returns null
 * when the result is not a valid shop domain.
 */
export function normaliseShopDomain(input: string): string | null {
  let domain = input.trim().toLowerCase();
  domain = domain.replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  if (!domain) return null;
  if (!domain.endsWith(SHOP_SUFFIX)) domain += SHOP_SUFFIX;
  return SHOP_DOMAIN_RE.test(domain) ? domain : null;
}

/** Scopes of spec 000 §9; reinstalling adds the inventory scopes (so listing stock can follow to Shopify). */
export const SHOPIFY_SCOPES = ["read_orders", "write_orders", "read_products", "write_products"] as const;
export const SHOPIFY_INVENTORY_SCOPES = ["read_inventory", "write_inventory"] as const;
/**
 * Shopify hides a merchant-managed location's fulfillment orders from a token without these and refuses
 * fulfillmentCreate, whatever read/write_orders say; they come with the reinstall too (decision 037).
 */
export const SHOPIFY_FULFILLMENT_SCOPES = [
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
] as const;
/** What a reinstall asks for: spec 000 §7's "reinstall adds" scopes. */
export const SHOPIFY_REINSTALL_SCOPES = [
  ...SHOPIFY_SCOPES,
  ...SHOPIFY_INVENTORY_SCOPES,
  ...SHOPIFY_FULFILLMENT_SCOPES,
] as const;

const INSTALL_PURPOSES = ["setup", "reconnect", "reinstall"] as const;
const installPurposeSchema = z.enum(INSTALL_PURPOSES);
export type InstallPurpose = z.infer<typeof installPurposeSchema>;

export const installQuerySchema = z.object({
  shop: z.string({ error: "is required" }).max(255),
  purpose: installPurposeSchema.default("setup"),
});

/** The landing page's ?error= codes (spec 000 §2). */
const OAUTH_ERRORS = ["store_already_linked", "oauth_failed", "token_failed", "oauth_error"] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

/** Where our webhook endpoints live (Store Settings shows the orders URL). */
export const SHOPIFY_WEBHOOK_PATHS = {
  "orders/create": "/api/webhooks/shopify/orders",
  "orders/paid": "/api/webhooks/shopify/orders-paid",
  "orders/updated": "/api/webhooks/shopify/orders-updated",
  "orders/cancelled": "/api/webhooks/shopify/orders-cancelled",
  "refunds/create": "/api/webhooks/shopify/refunds-create",
  "app/uninstalled": "/api/webhooks/shopify/app-uninstalled",
  "customers/data_request": "/api/webhooks/shopify/customers-data-request",
  "customers/redact": "/api/webhooks/shopify/customers-redact",
  "shop/redact": "/api/webhooks/shopify/shop-redact",
} as const;
export type ShopifyWebhookTopic = keyof typeof SHOPIFY_WEBHOOK_PATHS;
/** The topics of an order's lifecycle after orders/create (decision 028). */
export const ORDER_LIFECYCLE_TOPICS = [
  "orders/paid",
  "orders/updated",
  "orders/cancelled",
  "refunds/create",
] as const;
/** Shopify only lets apps subscribe to these three through their app configuration, never through the API. */
export const COMPLIANCE_TOPICS = ["customers/data_request", "customers/redact", "shop/redact"] as const;

/** Store product (spec 000 §3); ids are Shopify's numeric ids as strings (they exceed 2^53). */
const storeProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  variants: z.array(z.object({ id: z.string(), title: z.string(), price: z.string() })),
  image: z.object({ src: z.string() }).nullable(),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;
export const storeProductListSchema = z.array(storeProductSchema);

export const reconnectResponseSchema = z.object({ success: z.literal(true) });

export const SHOPIFY_TEXTS = {
  enterDomain: "Please enter your store domain",
  invalidDomain: "Please enter a valid store domain (your-store.myshopify.com)",
  notConnected: "Connect your Shopify store first",
  reinstallNeeded: "Shopify access was revoked. Please reinstall the app.",
  webhookFailed: "Webhook configuration failed",
  shopifyUnavailable: "Shopify is not reachable right now. Please try again.",
  webhooksConfigured: "Shopify webhooks configured successfully!",
} as const;
