import { describe, expect, it } from "vitest";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "../../../contract/settings.js";
import { effectiveClaimStyle, sameEmail } from "./service.js";

describe("sameEmail", () => {
  it("matches ignoring case and surrounding spaces, and never matches a missing address", () => {
    expect(sameEmail("Buyer@Example.com ", "buyer@example.com")).toBe(true);
    expect(sameEmail("buyer@example.com", "other@example.com")).toBe(false);
    expect(sameEmail("buyer@example.co", "buyer@example.com")).toBe(false);
    expect(sameEmail("", null)).toBe(false);
    expect(sameEmail(" ", " ")).toBe(false);
  });
});

const now = new Date("2030-01-01T12:00:00.000Z");

describe("effectiveClaimStyle", () => {
  it("applies a saved style for pro sellers only", () => {
    const saved = { ...CLAIM_PAGE_STYLE_DEFAULTS, headerText: "My Shop", accentColor: "#ff0000" };
    const pro = { subscriptionTier: "pro", subscriptionExpiry: null };
    expect(effectiveClaimStyle(pro, saved, now)).toEqual(saved);
    expect(effectiveClaimStyle({ ...pro, subscriptionTier: "basic" }, saved, now)).toBeNull();
    expect(
      effectiveClaimStyle({ ...pro, subscriptionExpiry: new Date(now.getTime() - 1000) }, saved, now),
    ).toBeNull();
    expect(effectiveClaimStyle(pro, null, now)).toBeNull();
  });

  it("falls back to the claim page default for a field that does not validate", () => {
    const style = effectiveClaimStyle(
      { subscriptionTier: "pro", subscriptionExpiry: null },
      { accentColor: "red;}", logoUrl: "javascript:alert(1)", headerText: "Hi" },
      now,
    );
    expect(style).toEqual({ ...CLAIM_PAGE_STYLE_DEFAULTS, headerText: "Hi" });
  });
});
