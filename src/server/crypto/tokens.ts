import { createHash, randomInt } from "node:crypto";
import {
  normalizeSubscriptionKey,
  SUBSCRIPTION_KEY_ALPHABET,
  SUBSCRIPTION_KEY_GROUP_LENGTH,
  SUBSCRIPTION_KEY_GROUPS,
  SUBSCRIPTION_KEY_PREFIX,
} from "../../contract/subscription-keys.js";

/** The lookup hash of a secret that is presented again later (keys, tokens): SHA-256, hex. */
export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new subscription key; uniformly random characters from a CSPRNG. */
export function newSubscriptionKey(): string {
  const groups = Array.from({ length: SUBSCRIPTION_KEY_GROUPS }, () =>
    Array.from(
      { length: SUBSCRIPTION_KEY_GROUP_LENGTH },
      () => SUBSCRIPTION_KEY_ALPHABET[randomInt(SUBSCRIPTION_KEY_ALPHABET.length)],
    ).join(""),
  );
  return [SUBSCRIPTION_KEY_PREFIX, ...groups].join("-");
}

/** What `subscription_keys.key_hash` holds for a key as an admin or a seller typed it. */
export const subscriptionKeyHash = (key: string) => sha256Hex(normalizeSubscriptionKey(key));
