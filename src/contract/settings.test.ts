import { describe, expect, it } from "vitest";
import {
  CLAIM_PAGE_STYLE_DEFAULTS,
  claimPageStyleInputSchema,
  DASHBOARD_CLAIM_STYLE_DEFAULTS,
  isSafeCssColor,
  isSafeLogoUrl,
  resolveClaimStyle,
} from "./settings.js";

describe("claim page style rules", () => {
  it("accepts hex, rgb() and hsl() colours", () => {
    for (const c of [
      "#fff",
      "#0f172aff",
      "#1E293B",
      "rgb(30, 41, 59)",
      "rgba(30,41,59,0.5)",
      "hsl(210 40% 96% / 0.5)",
      "hsl(210deg, 40%, 96%)",
    ]) {
      expect(isSafeCssColor(c), c).toBe(true);
    }
  });

  it("refuses anything that could carry CSS or markup", () => {
    for (const c of [
      "red; background:url(x)",
      "#fff}",
      "url(https://x)",
      "rgb(1,2,3);",
      "expression(alert(1))",
      "#ggg",
      "var(--x)",
      "rgb(calc(1))",
      "",
      "#12345",
    ]) {
      expect(isSafeCssColor(c), c).toBe(false);
    }
  });

  it("allows an empty logo or an https URL only", () => {
    expect(isSafeLogoUrl("")).toBe(true);
    expect(isSafeLogoUrl("https://cdn.example.com/logo.png")).toBe(true);
    for (const u of [
      "http://x.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "https://u:p@x.com/a.png",
      'https://x.com/a.png" onerror="x',
      "https://x.com/a).png",
      "//x.com/a.png",
    ]) {
      expect(isSafeLogoUrl(u), u).toBe(false);
    }
  });

  it("validates a whole style, trims texts and limits their length", () => {
    const ok = claimPageStyleInputSchema.parse({ ...CLAIM_PAGE_STYLE_DEFAULTS, headerText: "  My Shop  " });
    expect(ok.headerText).toBe("My Shop");
    expect(
      claimPageStyleInputSchema.safeParse({ ...CLAIM_PAGE_STYLE_DEFAULTS, headerText: "x".repeat(81) })
        .success,
    ).toBe(false);
    expect(
      claimPageStyleInputSchema.safeParse({ ...CLAIM_PAGE_STYLE_DEFAULTS, welcomeMessage: "x".repeat(301) })
        .success,
    ).toBe(false);
    expect(
      claimPageStyleInputSchema.safeParse({ ...CLAIM_PAGE_STYLE_DEFAULTS, footerText: "bell\u0007" }).success,
    ).toBe(false);
    expect(
      claimPageStyleInputSchema.safeParse({ ...CLAIM_PAGE_STYLE_DEFAULTS, accentColor: "red;}" }).success,
    ).toBe(false);
  });

  it("has the spec's default texts for the editor and for the claim page", () => {
    expect(DASHBOARD_CLAIM_STYLE_DEFAULTS).toMatchObject({
      headerText: "Claim Your Items",
      welcomeMessage: "Welcome! Your ROBLOX items are ready to be claimed.",
      footerText: "Thank you for your purchase!",
    });
    expect(CLAIM_PAGE_STYLE_DEFAULTS).toMatchObject({
      headerText: "Claim Your Order",
      welcomeMessage: "Enter your ROBLOX username to claim your purchased items",
      footerText: "Thank you for your purchase!",
    });
    expect(claimPageStyleInputSchema.safeParse(DASHBOARD_CLAIM_STYLE_DEFAULTS).success).toBe(true);
    expect(claimPageStyleInputSchema.safeParse(CLAIM_PAGE_STYLE_DEFAULTS).success).toBe(true);
  });
});

describe("resolveClaimStyle", () => {
  it("uses the claim page defaults of spec 001 §3 without a seller style", () => {
    for (const stored of [null, undefined, "not a style", 42]) {
      expect(resolveClaimStyle(stored)).toEqual(CLAIM_PAGE_STYLE_DEFAULTS);
    }
    const style = resolveClaimStyle({});
    expect(style.headerText).toBe("Claim Your Order");
    expect(style.welcomeMessage).toBe("Enter your ROBLOX username to claim your purchased items");
    expect(style.footerText).toBe("Thank you for your purchase!");
  });

  it("applies the seller's valid fields over the defaults, trimmed", () => {
    const style = resolveClaimStyle({
      backgroundColor: "#000000",
      accentColor: "rgb(255, 0, 0)",
      buttonColor: " hsl(120, 50%, 40%) ",
      textColor: "#abc",
      headerText: "  Get your loot ",
      logoUrl: "https://cdn.example.com/logo.png",
    });
    expect(style).toEqual({
      ...CLAIM_PAGE_STYLE_DEFAULTS,
      backgroundColor: "#000000",
      accentColor: "rgb(255, 0, 0)",
      buttonColor: "hsl(120, 50%, 40%)",
      textColor: "#abc",
      headerText: "Get your loot",
      logoUrl: "https://cdn.example.com/logo.png",
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
    expect(style).toEqual(CLAIM_PAGE_STYLE_DEFAULTS);
  });

  it("shows a logo only from an https URL", () => {
    for (const logoUrl of [
      "http://cdn.example.com/logo.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      'https://x.io/a.png" onerror="x',
    ]) {
      expect(resolveClaimStyle({ logoUrl }).logoUrl, logoUrl).toBe("");
    }
  });

  it("keeps texts as typed (rendered as text) but falls back when blank, too long or not plain text", () => {
    expect(resolveClaimStyle({ welcomeMessage: "<img src=x onerror=alert(1)>" }).welcomeMessage).toBe(
      "<img src=x onerror=alert(1)>",
    );
    expect(resolveClaimStyle({ welcomeMessage: "Line one\nLine two" }).welcomeMessage).toBe(
      "Line one\nLine two",
    );
    expect(resolveClaimStyle({ headerText: "   " }).headerText).toBe("Claim Your Order");
    expect(resolveClaimStyle({ footerText: "x".repeat(5000) }).footerText).toBe(
      "Thank you for your purchase!",
    );
    expect(resolveClaimStyle({ footerText: "bell\u0007" }).footerText).toBe("Thank you for your purchase!");
  });

  it("shows the editor's own defaults as they are: they pass every rule", () => {
    expect(resolveClaimStyle(DASHBOARD_CLAIM_STYLE_DEFAULTS)).toEqual(DASHBOARD_CLAIM_STYLE_DEFAULTS);
  });
});
