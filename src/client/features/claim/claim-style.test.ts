import { describe, expect, it } from "vitest";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "../../../contract/settings";
import { resolveClaimStyle } from "./claim-style";

describe("resolveClaimStyle", () => {
  it("uses the claim page defaults of spec 001 §3 without a seller style", () => {
    const style = resolveClaimStyle(null);
    expect(style).toEqual(CLAIM_PAGE_STYLE_DEFAULTS);
    expect(style.headerText).toBe("Claim Your Order");
    expect(style.welcomeMessage).toBe("Enter your ROBLOX username to claim your purchased items");
    expect(style.footerText).toBe("Thank you for your purchase!");
  });

  it("applies the seller's valid fields over the defaults", () => {
    const style = resolveClaimStyle({
      backgroundColor: "#000000",
      accentColor: "rgb(255, 0, 0)",
      buttonColor: "hsl(120, 50%, 40%)",
      headerText: "Get your loot",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    expect(style).toMatchObject({
      backgroundColor: "#000000",
      accentColor: "rgb(255, 0, 0)",
      buttonColor: "hsl(120, 50%, 40%)",
      headerText: "Get your loot",
      logoUrl: "https://cdn.example.com/logo.png",
      textColor: CLAIM_PAGE_STYLE_DEFAULTS.textColor,
      footerText: CLAIM_PAGE_STYLE_DEFAULTS.footerText,
    });
  });

  it("refuses colours that could carry anything but a colour", () => {
    const style = resolveClaimStyle({
      backgroundColor: "red; background-image: url(https://evil.example)",
      textColor: "url(javascript:alert(1))",
      headerColor: "expression(alert(1))",
      accentColor: "var(--x)",
      buttonColor: 42,
      cardBackgroundColor: "#12345",
    });
    for (const key of [
      "backgroundColor",
      "textColor",
      "headerColor",
      "accentColor",
      "buttonColor",
      "cardBackgroundColor",
    ] as const) {
      expect(style[key]).toBe(CLAIM_PAGE_STYLE_DEFAULTS[key]);
    }
  });

  it("shows a logo only from an https URL", () => {
    expect(resolveClaimStyle({ logoUrl: "http://cdn.example.com/logo.png" }).logoUrl).toBe("");
    expect(resolveClaimStyle({ logoUrl: "javascript:alert(1)" }).logoUrl).toBe("");
    expect(resolveClaimStyle({ logoUrl: "data:image/png;base64,AAAA" }).logoUrl).toBe("");
    expect(resolveClaimStyle({ logoUrl: 'https://x.io/a.png" onerror="x' }).logoUrl).toBe("");
  });

  it("keeps texts as typed (rendered as text) but falls back when blank or too long", () => {
    expect(resolveClaimStyle({ welcomeMessage: "<img src=x onerror=alert(1)>" }).welcomeMessage).toBe(
      "<img src=x onerror=alert(1)>",
    );
    expect(resolveClaimStyle({ headerText: "   " }).headerText).toBe("Claim Your Order");
    expect(resolveClaimStyle({ footerText: "x".repeat(5000) }).footerText).toBe(
      "Thank you for your purchase!",
    );
  });
});
