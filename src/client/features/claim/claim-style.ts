import {
  CLAIM_PAGE_STYLE_DEFAULTS,
  CLAIM_STYLE_TEXT_LIMITS,
  type ClaimPageStyle,
  isSafeCssColor,
  isSafeLogoUrl,
} from "../../../contract/settings";

const COLOR_FIELDS = [
  "backgroundColor",
  "cardBackgroundColor",
  "textColor",
  "headerColor",
  "accentColor",
  "buttonColor",
] as const satisfies readonly (keyof ClaimPageStyle)[];

const TEXT_FIELDS = [
  "headerText",
  "welcomeMessage",
  "footerText",
] as const satisfies readonly (keyof ClaimPageStyle)[];

/**
 * The seller's style over the claim page defaults (spec 001 §3). The server validates too; the page checks again so
 * that a colour only ever reaches a React style object as a plain colour value and the logo only as an https URL.
 * A field that is missing, blank or fails its rule keeps the default.
 */
export function resolveClaimStyle(
  style: Partial<Record<keyof ClaimPageStyle, unknown>> | null | undefined,
): ClaimPageStyle {
  const resolved: ClaimPageStyle = { ...CLAIM_PAGE_STYLE_DEFAULTS };
  if (!style) return resolved;
  for (const key of COLOR_FIELDS) {
    const value = style[key];
    if (typeof value === "string" && isSafeCssColor(value.trim())) resolved[key] = value.trim();
  }
  for (const key of TEXT_FIELDS) {
    const value = style[key];
    if (typeof value === "string" && value.trim() && value.length <= CLAIM_STYLE_TEXT_LIMITS[key]) {
      resolved[key] = value.trim();
    }
  }
  const logo = typeof style.logoUrl === "string" ? style.logoUrl.trim() : "";
  resolved.logoUrl = logo && isSafeLogoUrl(logo) ? logo : "";
  return resolved;
}

/** A colour at some opacity, for borders and tints, from a colour that already passed isSafeCssColor. */
export function tint(color: string, percent: number): string {
  return `color-mix(in srgb, ${color} ${percent}%, transparent)`;
}
