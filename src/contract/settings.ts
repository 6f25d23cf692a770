import { z } from "zod";
import type { ClaimPageStyle } from "./auth.js";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "./claim-page.js";

export type { ClaimPageStyle } from "./auth.js";
export { CLAIM_PAGE_STYLE_DEFAULTS };

/** Exact texts (spec 000 §8 and the server's refusals). */
export const SETTINGS_TEXTS = {
  discordTierRequired: "Discord notifications require a Basic or Pro subscription",
  invalidDiscordUrl: "Please enter a valid Discord webhook URL",
  discordUrlRequired: "Please enter a Discord webhook URL to enable notifications",
  discordSaved: "Discord settings updated successfully!",
  claimStyleTierRequired: "Claim page customization requires a Pro subscription",
  claimStyleSaved: "Claim page styles saved successfully!",
  claimStyleSaveFailed: "Failed to save styles",
} as const;

/** Defaults shown in the seller's Claim Page Editor (spec 000 §3). */
export const DASHBOARD_CLAIM_STYLE_DEFAULTS: ClaimPageStyle = {
  backgroundColor: "#0f172a",
  cardBackgroundColor: "#1e293b",
  textColor: "#e2e8f0",
  headerColor: "#f8fafc",
  accentColor: "#64748b",
  buttonColor: "#334155",
  logoUrl: "",
  headerText: "Claim Your Items",
  welcomeMessage: "Welcome! Your ROBLOX items are ready to be claimed.",
  footerText: "Thank you for your purchase!",
};

export const CLAIM_STYLE_TEXT_LIMITS = { headerText: 80, welcomeMessage: 300, footerText: 200 } as const;

/**
 * A CSS colour the buyer's page can use as a value and nothing more: hex, or rgb()/hsl() with numbers only.
 * The character set leaves no room for url(, ;, }, quotes or a nested function, so no style can be injected.
 */
const CSS_COLOR = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgb|hsl)a?\([0-9.,%/+\-\sdeg]*\))$/i;

export function isSafeCssColor(value: string): boolean {
  return value.length <= 64 && CSS_COLOR.test(value);
}

/** An https image URL without credentials or characters that could break out of an attribute or url(). */
export function isSafeLogoUrl(value: string): boolean {
  if (value === "") return true;
  if (value.length > 2048 || /[\s"'()<>\\`]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.username === "" && url.password === "" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Control characters (other than a line break) have no place in a heading or message. */
function isPlainText(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if ((code < 0x20 && ch !== "\n") || code === 0x7f) return false;
  }
  return true;
}

const colorField = z
  .string()
  .trim()
  .refine(isSafeCssColor, "must be a colour such as #1e293b or rgb(30, 41, 59)");
const textField = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(isPlainText, "must be plain text");

/** The style a pro seller saves (spec 001 §3 fields). Texts are stored as typed and always rendered as text. */
export const claimPageStyleInputSchema = z.object({
  backgroundColor: colorField,
  cardBackgroundColor: colorField,
  textColor: colorField,
  headerColor: colorField,
  accentColor: colorField,
  buttonColor: colorField,
  logoUrl: z.string().trim().refine(isSafeLogoUrl, "must be empty or an https:// image URL"),
  headerText: textField(CLAIM_STYLE_TEXT_LIMITS.headerText),
  welcomeMessage: textField(CLAIM_STYLE_TEXT_LIMITS.welcomeMessage),
  footerText: textField(CLAIM_STYLE_TEXT_LIMITS.footerText),
}) satisfies z.ZodType<ClaimPageStyle>;

/**
 * What the buyer's claim page shows (spec 001 §3): the seller's stored style over the claim page defaults. A field
 * keeps its stored value only when it passes the rule the server applies on save (trimmed); a blank text, and any
 * field that is missing or fails its rule, shows the default. The one merge for the server's claim answer, the claim
 * page and the editor's preview, so a colour only ever reaches a style as a plain colour and the logo only as an
 * https URL.
 */
export function resolveClaimStyle(stored: unknown): ClaimPageStyle {
  const style = { ...CLAIM_PAGE_STYLE_DEFAULTS };
  if (!stored || typeof stored !== "object") return style;
  for (const key of Object.keys(style) as (keyof ClaimPageStyle)[]) {
    const parsed = claimPageStyleInputSchema.shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== "") style[key] = parsed.data;
  }
  return style;
}

export const claimPageStyleRequestSchema = z.object({ style: claimPageStyleInputSchema });
export const claimPageStyleResponseSchema = z.object({
  success: z.literal(true),
  style: claimPageStyleInputSchema,
});

/**
 * The Discord section's save (spec 000 §7). webhookUrl: empty or null clears it, absent keeps it; enabled is sent
 * only when the switch is on (spec 000 §5), so absent means off; the other switches keep their value when absent.
 * The URL rule is checked by the service so the answer carries the spec's exact text.
 */
export const discordSettingsRequestSchema = z.object({
  webhookUrl: z.string().max(512).nullable().optional(),
  enabled: z.boolean().optional(),
  orderCreatedEnabled: z.boolean().optional(),
  orderDeliveredEnabled: z.boolean().optional(),
  pingEveryone: z.boolean().optional(),
});
export type DiscordSettingsRequest = z.infer<typeof discordSettingsRequestSchema>;

const discordSettingsSchema = z.object({
  webhookUrl: z.string().nullable(),
  enabled: z.boolean(),
  orderCreatedEnabled: z.boolean(),
  orderDeliveredEnabled: z.boolean(),
  pingEveryone: z.boolean(),
});
export type DiscordSettings = z.infer<typeof discordSettingsSchema>;
export const discordSettingsResponseSchema = discordSettingsSchema.extend({ success: z.literal(true) });
