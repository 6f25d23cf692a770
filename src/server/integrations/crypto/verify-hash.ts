import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The texts a JSON callback's verify_hash may be computed over (HMAC-SHA1 keyed with the shop's secret key, hex):
 * - Plisio's documentation and its Python SDK: the body without verify_hash through JSON.stringify, keys in the order
 *   received and values as sent (Python's json.dumps with compact separators gives the same text for ASCII bodies);
 * - Plisio's Node client (ResponseValidator): keys sorted, each value turned into a string with `+ ""`.
 * Both are accepted, so a callback signed either way is believed (decision 039).
 */
function signedTexts(fields: Record<string, unknown>): string[] {
  const asSent: Record<string, unknown> = {};
  const sortedAsStrings: Record<string, string> = {};
  for (const key of Object.keys(fields)) if (key !== "verify_hash") asSent[key] = fields[key];
  for (const key of Object.keys(asSent).sort()) sortedAsStrings[key] = `${asSent[key]}`;
  return [JSON.stringify(asSent), JSON.stringify(sortedAsStrings)];
}

const hmacSha1 = (text: string, secretKey: string) => createHmac("sha1", secretKey).update(text).digest();

/** True when the callback carries a verify_hash that the secret key produces (compared in constant time). */
export function hasValidVerifyHash(body: unknown, secretKey: string): body is Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const given = (body as Record<string, unknown>).verify_hash;
  if (typeof given !== "string" || !/^[0-9a-f]{40}$/i.test(given)) return false;
  const givenBytes = Buffer.from(given, "hex");
  return signedTexts(body as Record<string, unknown>)
    .map((text) => timingSafeEqual(hmacSha1(text, secretKey), givenBytes))
    .some(Boolean);
}
