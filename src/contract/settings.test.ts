import { describe, expect, it } from "vitest";
import {
  CLAIM_PAGE_STYLE_DEFAULTS,
  claimPageStyleInputSchema,
  DASHBOARD_CLAIM_STYLE_DEFAULTS,
  isSafeCssColor,
  isSafeLogoUrl,
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
