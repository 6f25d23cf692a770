import type { AdminUser } from "@contract/admin";
import {
  type ApplicablePlans,
  DISCOUNT_CODE_DEFAULTS,
  DISCOUNT_CODE_TEXTS,
  normalizeDiscountCode,
} from "@contract/discount-codes";
import type { Game } from "@contract/games";
import type { PaidTier } from "@contract/plans";
import type { AdminSubscriptionKey } from "@contract/subscription-keys";
import { MAX_KEYS_PER_REQUEST } from "@contract/subscription-keys";

/** A whole number typed into a field, or null when the text is not one. Blank is null too. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Spec 001 §5: the discount code form and its defaults. Fields are text as typed. */
export interface DiscountForm {
  code: string;
  discountPercentage: string;
  usageLimit: string;
  applicablePlans: ApplicablePlans;
  isActive: boolean;
}

export const emptyDiscountForm = (): DiscountForm => ({
  code: "",
  discountPercentage: String(DISCOUNT_CODE_DEFAULTS.discountPercentage),
  usageLimit: String(DISCOUNT_CODE_DEFAULTS.usageLimit),
  applicablePlans: DISCOUNT_CODE_DEFAULTS.applicablePlans,
  isActive: DISCOUNT_CODE_DEFAULTS.isActive,
});

/** The body to send, or the first thing to fix (in the spec's words where it has them). */
export function discountPayload(form: DiscountForm):
  | {
      ok: true;
      body: Omit<DiscountForm, "discountPercentage" | "usageLimit"> & {
        discountPercentage: number;
        usageLimit: number;
      };
    }
  | { ok: false; error: string } {
  const code = normalizeDiscountCode(form.code);
  if (!code) return { ok: false, error: DISCOUNT_CODE_TEXTS.codeRequired };
  if (!/^[A-Z0-9_-]+$/.test(code)) return { ok: false, error: DISCOUNT_CODE_TEXTS.codeFormat };
  const discountPercentage = wholeNumber(form.discountPercentage);
  if (discountPercentage === null || discountPercentage < 1 || discountPercentage > 100)
    return { ok: false, error: "Discount percentage must be a whole number from 1 to 100" };
  const usageLimit = wholeNumber(form.usageLimit);
  if (usageLimit === null || usageLimit < 1)
    return { ok: false, error: "Usage limit must be a whole number of at least 1" };
  return {
    ok: true,
    body: { ...form, code, discountPercentage, usageLimit },
  };
}

/** Spec 001 §5: 1 to 100 keys of a paid tier. */
export function keyCountProblem(text: string): string | null {
  const n = wholeNumber(text);
  return n === null || n < 1 || n > MAX_KEYS_PER_REQUEST
    ? `Enter a number of keys from 1 to ${MAX_KEYS_PER_REQUEST}`
    : null;
}

/** What Copy All copies and the downloaded file holds: one key per line. */
export const keysAsText = (keys: Pick<AdminSubscriptionKey, "key">[]) =>
  `${keys.map((k) => k.key).join("\n")}\n`;

export const keysFileName = (tier: PaidTier, at: Date) =>
  `autodrop-${tier}-keys-${at.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.txt`;

/** A game rule field: blank means no limit; otherwise a whole number of at least 1 (spec 001 §5). */
export function ruleLimit(text: string): { ok: true; value: number | null } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: null };
  const n = wholeNumber(text);
  return n !== null && n >= 1 ? { ok: true, value: n } : { ok: false };
}

/** The answer to a bulk bot import, as one sentence for the toast. */
export function botImportSummary(
  result: { count: number; duplicates: string[]; blankLines: number },
  game: Game,
  gameName: (game: Game) => string,
): string {
  const parts = [`Added ${result.count} ${result.count === 1 ? "bot" : "bots"} to ${gameName(game)}.`];
  if (result.duplicates.length > 0)
    parts.push(
      `Skipped ${result.duplicates.length} duplicate${result.duplicates.length === 1 ? "" : "s"}: ${result.duplicates.join(", ")}.`,
    );
  if (result.blankLines > 0)
    parts.push(`Ignored ${result.blankLines} blank line${result.blankLines === 1 ? "" : "s"}.`);
  return parts.join(" ");
}

/** Add items to a user: an item must be chosen and the quantity be at least 1 (spec 001 §5). */
export function grantProblem(itemId: string, quantity: string): string | null {
  if (!itemId) return "Please select an item";
  const n = wholeNumber(quantity);
  return n === null || n < 1 ? "Quantity must be a whole number of at least 1" : null;
}

/** Spec 001 §6: a subscription is active while its tier is paid and it has not expired (lifetime never does). */
export function hasActiveSubscription(
  user: Pick<AdminUser, "subscriptionTier" | "subscriptionExpiry">,
  now: number,
) {
  return (
    user.subscriptionTier !== "free" &&
    (user.subscriptionExpiry === null || Date.parse(user.subscriptionExpiry) > now)
  );
}
