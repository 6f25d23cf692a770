import { z } from "zod";
import type { PaidTier } from "./plans.js";

/** Which paid plans a discount code applies to (spec 001 §3). */
export const APPLICABLE_PLANS = ["basic", "pro", "both"] as const;
export const applicablePlansSchema = z.enum(APPLICABLE_PLANS);
export type ApplicablePlans = z.infer<typeof applicablePlansSchema>;

/** Codes are stored and compared uppercase (spec 001 §5: uppercased as typed). */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

export function discountAppliesTo(plans: ApplicablePlans, tier: PaidTier): boolean {
  return plans === "both" || plans === tier;
}

/** A discount code as admins read it (spec 001 §3: usageLimit on create, maxUsage on read). */
export const discountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  discountPercentage: z.number().int().min(1).max(100),
  applicablePlans: applicablePlansSchema,
  maxUsage: z.number().int().min(1),
  usageCount: z.number().int().min(0),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
