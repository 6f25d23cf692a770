import { z } from "zod";
import { tierSchema } from "./plans.js";

/**
 * POST /api/user/update-subscription (spec 000 §7): {tier: "free", setupCompleted: true} completes setup on the
 * free plan; {setupCompleted: true} alone completes it after a key was activated. Paid tiers come from payments.
 */
export const updateSubscriptionRequestSchema = z.object({
  tier: tierSchema.optional(),
  setupCompleted: z.boolean({ error: "must be true or false" }),
});
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequestSchema>;

export const updateSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscriptionTier: tierSchema,
  setupCompleted: z.boolean(),
});

export const SETUP_TEXTS = {
  paidTierForbidden: "Paid plans are activated by a payment or a subscription key",
} as const;
