import { TIERS, type Tier } from "../../../contract/plans.js";

export interface Subscription {
  subscriptionTier: string;
  subscriptionExpiry: Date | null;
}

/**
 * The tier a seller's features follow: the stored tier while it has not expired, free once it has (design.md: expiry
 * drops the account to free), whether or not the downgrade has been written yet.
 */
export function activeTier(sub: Subscription, now = new Date()): Tier {
  const tier = (TIERS as readonly string[]).includes(sub.subscriptionTier)
    ? (sub.subscriptionTier as Tier)
    : "free";
  const expired = sub.subscriptionExpiry !== null && sub.subscriptionExpiry.getTime() <= now.getTime();
  return tier !== "free" && expired ? "free" : tier;
}
