import type { ProviderDeps } from "../provider.js";
import { type ShopifyAdmin, ShopifyClient } from "./client.js";

export { ShopifyError, shopAdminUrl } from "./client.js";
export { verifyWebhookHmac } from "./hmac.js";
export { hashOAuthState, newOAuthState, OAUTH_STATE_TTL_MS, scopesFor, verifyCallbackHmac } from "./oauth.js";
export {
  centsToDecimal,
  customersRedactSchema,
  type OrderStateWebhook,
  type OrderWebhook,
  orderStateWebhookSchema,
  orderWebhookSchema,
  parseShopifyJson,
  type RefundWebhook,
  refundWebhookSchema,
  shopRedactSchema,
  toCents,
} from "./payload.js";
export { registerShopifySandbox } from "./sandbox/index.js";
export {
  createSandboxOrder,
  ensureSandboxShop,
  issueAccessToken,
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

/** Shopify as the app uses it: OAuth (authorize URL, code exchange) and an Admin API session per shop. */
export interface ShopifyProvider {
  authorizeUrl(
    shop: string,
    params: { scopes: readonly string[]; redirectUri: string; state: string },
  ): string;
  /** Trades the one-time code for an offline access token. */
  exchangeCode(shop: string, code: string): Promise<{ accessToken: string; scope: string }>;
  admin(shop: string, accessToken: string): ShopifyAdminApi;
}

/** The Shopify provider for this config: the shops at https://{shop}, or the sandbox emulator's. */
export function createShopifyProvider({ config, fetch }: ProviderDeps): ShopifyProvider {
  return new ShopifyClient(fetch, config);
}
