import { createHmac } from "node:crypto";

/**
 * verify_hash as Plisio's documentation tells a shop to check a JSON callback (callback_url with json=true): HMAC-SHA1
 * keyed with the shop's secret key, hex, over JSON.stringify of the body without verify_hash, keys in the order sent
 * and values as sent. The emulator's own code, written from the documentation: it shares nothing with the app's
 * checker, so a test passing against the emulator says the app reads Plisio's signature, not its own.
 */
export function signAsPlisio(
  fields: Record<string, unknown>,
): (secretKey: string) => Record<string, unknown> {
  return (secretKey) => ({
    ...fields,
    verify_hash: createHmac("sha1", secretKey).update(JSON.stringify(fields)).digest("hex"),
  });
}
