import { createHmac, timingSafeEqual } from "node:crypto";

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
