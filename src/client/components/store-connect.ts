import { endpointUrl } from "../../contract/endpoint";
import { shopifyEndpoints } from "../../contract/endpoints/shopify";
import { type InstallPurpose, normaliseShopDomain, SHOPIFY_TEXTS } from "../../contract/shopify";

/**
 * Where the browser goes to connect a store (spec 000 §5 and §7): the domain is required, ".myshopify.com" is added
 * when missing, and the server's install route redirects on to the store's authorize page.
 */
export function storeInstallTarget(
  input: string,
  purpose: InstallPurpose,
): { url: string; error?: undefined } | { error: string; url?: undefined } {
  if (!input.trim()) return { error: SHOPIFY_TEXTS.enterDomain };
  const shop = normaliseShopDomain(input);
  if (!shop) return { error: SHOPIFY_TEXTS.invalidDomain };
  return { url: endpointUrl(shopifyEndpoints.install, { query: { shop, purpose } }) };
}
