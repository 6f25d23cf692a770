import "@shopify/shopify-api/adapters/node";
import { createHash, randomBytes } from "node:crypto";
import { LogSeverity, shopifyApi } from "@shopify/shopify-api";
import { type InstallPurpose, SHOPIFY_REINSTALL_SCOPES, SHOPIFY_SCOPES } from "../../../contract/shopify.js";
import { SHOPIFY_API_VERSION, type ShopifyConfig } from "./client.js";

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** Spec 000 §7: the four store scopes; reinstalling adds the inventory and fulfillment ones (decision 037). */
export function scopesFor(purpose: InstallPurpose): string[] {
  return purpose === "reinstall" ? [...SHOPIFY_REINSTALL_SCOPES] : [...SHOPIFY_SCOPES];
}

/** A fresh OAuth state: the random value travels through Shopify, only its hash is stored. */
export function newOAuthState(): { state: string; stateHash: string } {
  const state = randomBytes(24).toString("base64url");
  return { state, stateHash: hashOAuthState(state) };
}

export function hashOAuthState(state: string): string {
  return createHash("sha256").update(state).digest("hex");
}

type ShopifyApi = ReturnType<typeof shopifyApi>;
const libraries = new Map<string, ShopifyApi>();

/** Shopify's own library, used for what it does exactly like Shopify: the OAuth query-string HMAC. */
function library(config: ShopifyConfig): ShopifyApi {
  const key = `${config.shopifyApiKey}\u0000${config.shopifyApiSecret}\u0000${config.publicUrl}`;
  let api = libraries.get(key);
  if (!api) {
    const url = new URL(config.publicUrl);
    api = shopifyApi({
      apiKey: config.shopifyApiKey,
      apiSecretKey: config.shopifyApiSecret,
      hostName: url.host,
      hostScheme: url.protocol === "http:" ? "http" : "https",
      apiVersion: SHOPIFY_API_VERSION,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error, log: async () => {} },
    });
    libraries.set(key, api);
  }
  return api;
}

/**
 * Checks the callback's hmac (Shopify's canonical query string, HMAC-SHA256 with the API secret, compared in
 * constant time) and that its timestamp is recent. Any malformed input is simply "not valid".
 */
export async function verifyCallbackHmac(
  config: ShopifyConfig,
  query: Record<string, string>,
): Promise<boolean> {
  if (!query.hmac || !query.timestamp) return false;
  try {
    return await library(config).utils.validateHmac(query);
  } catch {
    return false;
  }
}
