import { z } from "zod";
import { paidTierSchema } from "./plans.js";

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

/** POST /api/admin/subscription-keys (spec 001 §5): 1 to 100 keys of a paid tier per request. */
export const MAX_KEYS_PER_REQUEST = 100;
export const generateKeysRequestSchema = z.object({
  tier: paidTierSchema,
  count: z
    .number()
    .int("must be a whole number")
    .min(1, `must be from 1 to ${MAX_KEYS_PER_REQUEST}`)
    .max(MAX_KEYS_PER_REQUEST, `must be from 1 to ${MAX_KEYS_PER_REQUEST}`),
});
export type GenerateKeysRequest = z.infer<typeof generateKeysRequestSchema>;

/** A key as admins see it: in full, with who used it and when (spec 001 §3 plus the user and time). */
const adminSubscriptionKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  tier: paidTierSchema,
  used: z.boolean(),
  usedByUsername: z.string().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSubscriptionKey = z.infer<typeof adminSubscriptionKeySchema>;
export const adminSubscriptionKeyListSchema = z.array(adminSubscriptionKeySchema);

export const KEY_STATUS_FILTERS = ["all", "used", "unused"] as const;
export const subscriptionKeysQuerySchema = z.object({
  status: z.enum(KEY_STATUS_FILTERS).default("all"),
  tier: paidTierSchema.optional(),
});
