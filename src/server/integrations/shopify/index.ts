import type { ProviderDeps } from "../provider.js";
import { type AdminAccess, type ShopifyAdmin, ShopifyClient, type ShopifyTokens } from "./client.js";

export { parseJsonExact } from "../wire/big-json.js";
export { centsToDecimal, toCents } from "../wire/decimal.js";
export { type AdminAccess, ShopifyError, type ShopifyTokens, shopAdminUrl } from "./client.js";
export { verifyWebhookHmac } from "./hmac.js";
export { hashOAuthState, newOAuthState, OAUTH_STATE_TTL_MS, scopesFor, verifyCallbackHmac } from "./oauth.js";
export {
  customersRedactSchema,
  type OrderWebhook,
  orderStateWebhookSchema,
  orderWebhookSchema,
  refundWebhookSchema,
  shopRedactSchema,
} from "./payload.js";
export { registerShopifySandbox } from "./sandbox/index.js";
export {
  createSandboxOrder,
  ensureSandboxShop,
  issueExpiringToken,
  listProductsWithVariants,
} from "./sandbox/store.js";

/** The Admin GraphQL API of one shop, as the app uses it. */
export type ShopifyAdminApi = Pick<
  ShopifyAdmin,
  | "listProducts"
  | "getVariant"
  | "deleteProduct"
  | "setVariantInventory"
  | "ensureWebhooks"
  | "fulfillOrder"
  | "checkAccess"
>;

/**
 * Shopify as the app uses it: OAuth (authorize URL, the token grants of expiring offline tokens) and an Admin API
 * session per shop.
 */
export interface ShopifyProvider {
  authorizeUrl(
    shop: string,
    params: { scopes: readonly string[]; redirectUri: string; state: string },
  ): string;
  /** Trades the one-time code for an expiring offline token and its refresh token. */
  exchangeCode(shop: string, code: string): Promise<ShopifyTokens>;
  /** A new pair for a refresh token, which is used up by the call. */
  refreshAccessToken(shop: string, refreshToken: string): Promise<ShopifyTokens>;
  /** Exchanges a non-expiring offline token for an expiring pair; the old token stops working. */
  migrateToExpiringToken(shop: string, accessToken: string): Promise<ShopifyTokens>;
  /** A session with one fixed token, or with tokens `access` keeps current. */
  admin(shop: string, access: string | AdminAccess): ShopifyAdminApi;
}

/** The Shopify provider for this config: the shops at https://{shop}, or the sandbox emulator's. */
export function createShopifyProvider({ config, fetch }: ProviderDeps): ShopifyProvider {
  return new ShopifyClient(fetch, config);
}
