import { createHmac, timingSafeEqual } from "node:crypto";

/** X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw request body with the app's API secret. */
export function webhookHmac(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

/** Constant-time check of a webhook signature; false for a missing or malformed header. */
export function verifyWebhookHmac(
  secret: string,
  rawBody: Buffer | string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const given = Buffer.from(header, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The OAuth redirect's `hmac`, computed the way Shopify does: every query parameter except hmac and signature,
 * sorted by name, form-encoded and joined with "&", signed with HMAC-SHA256 (hex). The emulator signs with this;
 * the app verifies with @shopify/shopify-api, so the two implementations check each other.
 */
export function oauthQueryHmac(secret: string, params: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort((a, b) => a.localeCompare(b))) {
    if (key !== "hmac" && key !== "signature") query.append(key, params[key]);
  }
  return createHmac("sha256", secret).update(query.toString()).digest("hex");
}
