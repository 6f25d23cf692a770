import { describe, expect, it } from "vitest";
import { verifyWebhookHmac } from "./hmac.js";
import { verifyCallbackHmac } from "./oauth.js";
import { shopifyQuerySignature, shopifyWebhookSignature } from "./sandbox/signing.js";

const config = {
  sandbox: true,
  publicUrl: "http://localhost:5000",
  shopifyApiKey: "key",
  shopifyApiSecret: "hush",
};

describe("Shopify signatures", () => {
  it("signs the OAuth redirect exactly as @shopify/shopify-api verifies it", async () => {
    const query: Record<string, string> = {
      code: "0907a61c0c8d55e99db179b68161bc00",
      host: "ZXhhbXBsZQ",
      shop: "some-shop.myshopify.com",
      state: "a b&c=d",
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    query.hmac = shopifyQuerySignature(config.shopifyApiSecret, query);
    expect(await verifyCallbackHmac(config, query)).toBe(true);
    expect(await verifyCallbackHmac(config, { ...query, shop: "other.myshopify.com" })).toBe(false);
    expect(await verifyCallbackHmac({ ...config, shopifyApiSecret: "other" }, query)).toBe(false);
    // A stale redirect (older than Shopify's 90 s tolerance) is refused even when signed.
    const old = { ...query, timestamp: String(Math.floor(Date.now() / 1000) - 600) };
    expect(
      await verifyCallbackHmac(config, { ...old, hmac: shopifyQuerySignature(config.shopifyApiSecret, old) }),
    ).toBe(false);
  });

  it("verifies webhook bodies byte for byte", () => {
    const body = Buffer.from('{"id":1}');
    const sig = shopifyWebhookSignature("hush", body);
    expect(verifyWebhookHmac("hush", body, sig)).toBe(true);
    expect(verifyWebhookHmac("hush", Buffer.from('{"id": 1}'), sig)).toBe(false);
    expect(verifyWebhookHmac("hush", body, undefined)).toBe(false);
    expect(verifyWebhookHmac("hush", body, "short")).toBe(false);
  });
});
