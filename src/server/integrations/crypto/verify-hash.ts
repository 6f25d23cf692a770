import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The text Plisio signs for a JSON callback (callback_url with json=true), as its Node example and SDKs compute it:
 * the callback's fields other than verify_hash, keys sorted, each value as a string, through JSON.stringify.
 */
function signedText(fields: Record<string, unknown>): string {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(fields).sort()) {
    if (key === "verify_hash") continue;
    const value = fields[key];
    sorted[key] = typeof value === "string" ? value : JSON.stringify(value ?? null);
  }
  return JSON.stringify(sorted);
}

/** verify_hash: HMAC-SHA1 keyed with the shop's secret key, hex. */
export function plisioVerifyHash(fields: Record<string, unknown>, secretKey: string): string {
  return createHmac("sha1", secretKey).update(signedText(fields)).digest("hex");
}

/** True when the callback carries a verify_hash that the secret key produces (compared in constant time). */
export function hasValidVerifyHash(body: unknown, secretKey: string): body is Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const given = (body as Record<string, unknown>).verify_hash;
  if (typeof given !== "string" || !/^[0-9a-f]{40}$/i.test(given)) return false;
  const expected = Buffer.from(plisioVerifyHash(body as Record<string, unknown>, secretKey), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
