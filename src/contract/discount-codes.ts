import { z } from "zod";
import type { PaidTier } from "./plans.js";

/** Which paid plans a discount code applies to (spec 001 §3). */
export const APPLICABLE_PLANS = ["basic", "pro", "both"] as const;
const applicablePlansSchema = z.enum(APPLICABLE_PLANS);
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
  /** Uses held by open invoices quoted with the code: used and reserved together never pass maxUsage. */
  reservedCount: z.number().int().min(0),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const DISCOUNT_CODE_TEXTS = {
  codeRequired: "Please enter a discount code",
  codeFormat: "Use letters, digits, dashes and underscores only",
  duplicate: "A discount code with this code already exists",
  notFound: "Discount code not found",
  createFailed: "Failed to create discount code",
  updateFailed: "Failed to update discount code",
} as const;

/** The admin form's defaults (spec 001 §5). */
export const DISCOUNT_CODE_DEFAULTS = {
  discountPercentage: 10,
  usageLimit: 100,
  applicablePlans: "both",
  isActive: true,
} as const;

/** POST /api/admin/discount-codes (spec 001 §5): the code is stored uppercase. */
export const createDiscountCodeRequestSchema = z.object({
  code: z
    .string(DISCOUNT_CODE_TEXTS.codeRequired)
    .trim()
    .min(1, DISCOUNT_CODE_TEXTS.codeRequired)
    .max(64)
    .transform(normalizeDiscountCode)
    .pipe(z.string().regex(/^[A-Z0-9_-]+$/, DISCOUNT_CODE_TEXTS.codeFormat)),
  discountPercentage: z
    .number()
    .int("must be a whole number")
    .min(1, "must be from 1 to 100")
    .max(100, "must be from 1 to 100")
    .default(DISCOUNT_CODE_DEFAULTS.discountPercentage),
  usageLimit: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(1_000_000)
    .default(DISCOUNT_CODE_DEFAULTS.usageLimit),
  applicablePlans: applicablePlansSchema.default(DISCOUNT_CODE_DEFAULTS.applicablePlans),
  isActive: z.boolean().default(DISCOUNT_CODE_DEFAULTS.isActive),
});

/** PATCH /api/admin/discount-codes/{id}: the admin toggles a code on or off (spec 001 §4). */
export const updateDiscountCodeRequestSchema = z.object({ isActive: z.boolean() });
export const discountCodeListSchema = z.array(discountCodeSchema);
