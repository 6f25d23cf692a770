import { z } from "zod";
import { toUnits, USD_DECIMALS } from "./money.js";
import {
  activeTier,
  type Duration,
  hasPaidTier,
  type PaidTier,
  PRICES,
  type Subscription,
  type Tier,
} from "./plans.js";

const DAY_MS = 86_400_000;

/** A subscription key adds this many days of its tier (spec 001 §9). */
export const KEY_DAYS = 30;
/** The subscription page's days-left bar is scaled against 30 days (spec 001 §9). */
export const PROGRESS_SCALE_DAYS = 30;
/** Spec 001 §4: seven days or fewer left is "Expiring Soon". */
const EXPIRING_SOON_DAYS = 7;

export const TIER_NAMES: Record<Tier, string> = { free: "Free", basic: "Basic", pro: "Pro" };

/** Whole days left, rounded up (half a day left is 1); null for a plan without expiry. */
export function daysLeft(sub: Subscription, now: number): number | null {
  if (sub.subscriptionExpiry === null) return null;
  return Math.ceil((new Date(sub.subscriptionExpiry).getTime() - now) / DAY_MS);
}

export type DisplayStatus = "free" | "active" | "expiring" | "expired";

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  free: "Free Plan",
  active: "Active",
  expiring: "Expiring Soon",
  expired: "Expired",
};

/** Spec 001 §4: free tier gives free; days left of 0 or less gives expired; 7 or less gives expiring; else active. */
export function displayStatus(sub: Subscription, now: number): DisplayStatus {
  if (!hasPaidTier(sub.subscriptionTier as Tier)) return "free";
  const left = daysLeft(sub, now);
  if (left === null) return "active";
  if (left <= 0) return "expired";
  return left <= EXPIRING_SOON_DAYS ? "expiring" : "active";
}

/** What a payment or a key adds: days of a tier, or the tier for life (days null). */
export interface Purchase {
  tier: PaidTier;
  days: number | null;
}

export const durationDays = (duration: Duration): number | null =>
  duration === "lifetime" ? null : Number(duration);

const SUBSCRIPTION_TEXTS = {
  alreadyLifetime: (tier: PaidTier) => `Your ${TIER_NAMES[tier]} plan is already lifetime`,
  lifetimeUpgradeOnly: (tier: PaidTier) =>
    `Your ${TIER_NAMES[tier]} plan is lifetime: only Pro lifetime can replace it`,
} as const;

/**
 * Why a purchase cannot apply to this subscription (decision 015), or null. A lifetime plan has no time to add:
 * only Basic lifetime to Pro lifetime changes it.
 */
export function purchaseRefusal(current: Subscription, purchase: Purchase, now: number): string | null {
  const held = activeTier(current, now);
  if (held === "free" || current.subscriptionExpiry !== null) return null;
  if (held === purchase.tier) return SUBSCRIPTION_TEXTS.alreadyLifetime(held);
  if (held === "basic" && purchase.tier === "pro" && purchase.days === null) return null;
  return SUBSCRIPTION_TEXTS.lifetimeUpgradeOnly(held);
}

/**
 * The plan after a purchase (decision 015). The same tier extends from the later of now and the current expiry
 * (Add More Time); another tier starts now, and the old tier's unused time comes along converted at the two tiers'
 * 30-day prices (a Basic day is worth about half a Pro day); lifetime sets no expiry. Call purchaseRefusal first.
 */
export function planAfterPurchase(
  current: Subscription,
  purchase: Purchase,
  now: number,
): { tier: PaidTier; expiry: Date | null } {
  if (purchase.days === null) return { tier: purchase.tier, expiry: null };
  const held = activeTier(current, now);
  const added = purchase.days * DAY_MS;
  if (held === "free" || current.subscriptionExpiry === null) {
    return { tier: purchase.tier, expiry: new Date(now + added) };
  }
  const unused = Math.max(0, new Date(current.subscriptionExpiry).getTime() - now);
  if (held === purchase.tier) return { tier: purchase.tier, expiry: new Date(now + unused + added) };
  const credit =
    (BigInt(unused) * toUnits(PRICES[held]["30"], USD_DECIMALS)) /
    toUnits(PRICES[purchase.tier]["30"], USD_DECIMALS);
  return { tier: purchase.tier, expiry: new Date(now + added + Number(credit)) };
}

/** POST /api/subscription/use-key */
export const useKeyRequestSchema = z.object({
  key: z.string({ error: "must be a string" }).trim().min(1, "is required").max(200),
});

export const useKeyResponseSchema = z.object({
  success: z.literal(true),
  subscriptionTier: z.enum(["basic", "pro"]),
  subscriptionExpiry: z.string().nullable(),
});

/** Spec 001 §8: the key errors, worded so the client's error normaliser shows them as they are. */
export const KEY_TEXTS = {
  invalidOrUsed: "This subscription key is invalid or has already been used.",
  notFound: "This subscription key was not found.",
  activated: "Subscription activated successfully!",
  activateFailed: "Failed to activate subscription key",
} as const;
