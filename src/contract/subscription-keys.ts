/**
 * Subscription keys (spec 001 §3): "ADK-" and seven groups of four Crockford base32 characters, 140 random bits.
 * Admins copy them to sellers, who may paste them with other case or spacing, so both sides compare the normalised
 * form.
 */
export const SUBSCRIPTION_KEY_PREFIX = "ADK";
export const SUBSCRIPTION_KEY_GROUPS = 7;
export const SUBSCRIPTION_KEY_GROUP_LENGTH = 4;
/** Crockford's base32 alphabet: no I, L, O or U, so a key read aloud or retyped is not misread. */
export const SUBSCRIPTION_KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Upper case, no white space; the dashes stay where they are. */
export const normalizeSubscriptionKey = (key: string) => key.replace(/\s+/g, "").toUpperCase();

export function isWellFormedSubscriptionKey(key: string): boolean {
  const group = `[${SUBSCRIPTION_KEY_ALPHABET}]{${SUBSCRIPTION_KEY_GROUP_LENGTH}}`;
  return new RegExp(`^${SUBSCRIPTION_KEY_PREFIX}(-${group}){${SUBSCRIPTION_KEY_GROUPS}}$`).test(
    normalizeSubscriptionKey(key),
  );
}
