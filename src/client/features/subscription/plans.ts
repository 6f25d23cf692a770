import type { Tier } from "@contract/plans";

/** What each plan offers, as the Subscription page and the purchase wizard list it (spec 001 §6). */
export const PLAN_FEATURES: Record<Tier, string[]> = {
  free: ["20 listings", "Basic analytics", "Email support", "Standard claim page"],
  basic: [
    "100 listings",
    "Advanced analytics",
    "Discord notifications",
    "Priority support",
    "API integration",
  ],
  pro: [
    "Unlimited listings",
    "Advanced analytics",
    "Discord notifications",
    "24/7 support",
    "Custom claim page styling",
    "Priority processing",
    "API integration",
  ],
};
