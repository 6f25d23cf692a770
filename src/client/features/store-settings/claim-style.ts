import type { ClaimPageStyle } from "../../../contract/auth";
import { claimPageStyleInputSchema, DASHBOARD_CLAIM_STYLE_DEFAULTS } from "../../../contract/settings";

export type ColorField =
  | "backgroundColor"
  | "cardBackgroundColor"
  | "textColor"
  | "headerColor"
  | "accentColor"
  | "buttonColor";

export const COLOR_FIELDS: { key: ColorField; label: string }[] = [
  { key: "backgroundColor", label: "Background Color" },
  { key: "cardBackgroundColor", label: "Card Background Color" },
  { key: "textColor", label: "Text Color" },
  { key: "headerColor", label: "Header Color" },
  { key: "accentColor", label: "Accent Color" },
  { key: "buttonColor", label: "Button Color" },
];

const STYLE_KEYS = Object.keys(DASHBOARD_CLAIM_STYLE_DEFAULTS) as (keyof ClaimPageStyle)[];

/** The saved style over the editor's defaults (spec 000 §3); anything that is not a string is ignored. */
export function initialStyle(saved: Partial<ClaimPageStyle> | null | undefined): ClaimPageStyle {
  const style = { ...DASHBOARD_CLAIM_STYLE_DEFAULTS };
  for (const key of STYLE_KEYS) {
    const value = saved?.[key];
    if (typeof value === "string") style[key] = value;
  }
  return style;
}

export type StyleErrors = Partial<Record<keyof ClaimPageStyle, string>>;

/** The contract's own rules (the server applies the same schema), one message per field. */
export function styleErrors(style: ClaimPageStyle): StyleErrors {
  const result = claimPageStyleInputSchema.safeParse(style);
  if (result.success) return {};
  const errors: StyleErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ClaimPageStyle;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A native colour picker only takes #rrggbb: short and alpha hex are widened or cut, anything else shows black. */
export function pickerValue(color: string): string {
  const hex = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return hex.slice(0, 7);
  if (/^#[0-9a-f]{3}[0-9a-f]?$/.test(hex)) return `#${[...hex.slice(1, 4)].map((c) => c + c).join("")}`;
  return "#000000";
}
