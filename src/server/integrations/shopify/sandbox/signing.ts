import { createHmac } from "node:crypto";

// Shopify's signatures as the emulator computes them, written from Shopify's documents and not shared with the
// app's verifiers (hmac.ts, and @shopify/shopify-api for the OAuth redirect), so each side checks the other.

/** X-Shopify-Hmac-Sha256: the base64 HMAC-SHA256 of the raw body, keyed with the app's client secret. */
export function shopifyWebhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

/**
 * The OAuth redirect's `hmac`: every query parameter except hmac and signature, sorted by name, form-encoded and
 * joined with "&", signed with HMAC-SHA256 (hex).
 */
export function shopifyQuerySignature(secret: string, params: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params).sort(([a], [b]) => a.localeCompare(b))) {
    if (key !== "hmac" && key !== "signature") query.append(key, value);
  }
  return createHmac("sha256", secret).update(query.toString()).digest("hex");
}
