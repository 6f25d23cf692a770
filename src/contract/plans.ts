import { z } from "zod";

const TIERS = ["free", "basic", "pro"] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;
const PAID_TIERS = ["basic", "pro"] as const;
export const paidTierSchema = z.enum(PAID_TIERS);
export type PaidTier = (typeof PAID_TIERS)[number];

/** What a seller buys (spec 001 §9): 30 days, 90 days or lifetime. */
export const DURATIONS = ["30", "90", "lifetime"] as const;
export const durationSchema = z.enum(DURATIONS);
export type Duration = (typeof DURATIONS)[number];

/** The one price table (decision 005): every screen reads it, so a buyer never sees two prices. USD as decimal strings. */
export const PRICES: Record<PaidTier, Record<Duration, string>> = {
  basic: { "30": "9.99", "90": "24.99", lifetime: "99.99" },
  pro: { "30": "19.99", "90": "49.99", lifetime: "199.99" },
};

/** Listing limit per tier; null means unlimited. */
export const LISTING_LIMITS: Record<Tier, number | null> = { free: 20, basic: 100, pro: null };

export function hasPaidTier(tier: Tier): boolean {
  return tier === "basic" || tier === "pro";
}

export interface Subscription {
  subscriptionTier: string;
  /** A Date on the server, an ISO string in JSON. */
  subscriptionExpiry: Date | string | null;
}

/**
 * The tier a seller's features follow: the stored tier while it has not expired, free once it has (docs/payments.md:
 * expiry drops the account to free), whether or not the downgrade has been written yet. Server and client share it.
 */
export function activeTier(sub: Subscription, now: Date | number = Date.now()): Tier {
  const tier = (TIERS as readonly string[]).includes(sub.subscriptionTier)
    ? (sub.subscriptionTier as Tier)
    : "free";
  if (tier === "free" || sub.subscriptionExpiry === null) return tier;
  return new Date(sub.subscriptionExpiry).getTime() > new Date(now).getTime() ? tier : "free";
}
