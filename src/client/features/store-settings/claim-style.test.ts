import { describe, expect, it } from "vitest";
import { CLAIM_PAGE_STYLE_DEFAULTS, DASHBOARD_CLAIM_STYLE_DEFAULTS } from "../../../contract/settings";
import { initialStyle, pickerValue, previewStyle, styleErrors } from "./claim-style";

describe("claim page style", () => {
  it("starts from the seller-dashboard defaults and keeps what was saved", () => {
    expect(initialStyle(null)).toEqual(DASHBOARD_CLAIM_STYLE_DEFAULTS);
    expect(initialStyle({ headerText: "Hi", accentColor: "#ff0000" })).toEqual({
      ...DASHBOARD_CLAIM_STYLE_DEFAULTS,
      headerText: "Hi",
      accentColor: "#ff0000",
    });
    expect(DASHBOARD_CLAIM_STYLE_DEFAULTS.headerText).toBe("Claim Your Items");
  });

  it("validates with the server's rules", () => {
    expect(styleErrors(DASHBOARD_CLAIM_STYLE_DEFAULTS)).toEqual({});
    const errors = styleErrors({
      ...DASHBOARD_CLAIM_STYLE_DEFAULTS,
      backgroundColor: "red;background:url(https://x)",
      logoUrl: "javascript:alert(1)",
    });
    expect(Object.keys(errors).sort()).toEqual(["backgroundColor", "logoUrl"]);
  });

  it("shows what the buyer will see: unsafe colours, unsafe logos and blank texts fall back like the claim page", () => {
    const safe = previewStyle({
      ...DASHBOARD_CLAIM_STYLE_DEFAULTS,
      backgroundColor: "expression(alert(1))",
      buttonColor: " rgb(1, 2, 3) ",
      textColor: "#abc",
      logoUrl: "http://insecure.example/logo.png",
      headerText: "<script>alert(1)</script>",
    });
    expect(safe.backgroundColor).toBe(CLAIM_PAGE_STYLE_DEFAULTS.backgroundColor);
    expect(safe.buttonColor).toBe("rgb(1, 2, 3)");
    expect(safe.textColor).toBe("#abc");
    expect(safe.logoUrl).toBe("");
    // Texts stay as typed: the preview renders them as text, never as markup.
    expect(safe.headerText).toBe("<script>alert(1)</script>");
    expect(
      previewStyle({ ...DASHBOARD_CLAIM_STYLE_DEFAULTS, logoUrl: "https://cdn.example/logo.png" }).logoUrl,
    ).toBe("https://cdn.example/logo.png");
  });

  it("gives the colour picker a #rrggbb value", () => {
    expect(pickerValue("#1E293B")).toBe("#1e293b");
    expect(pickerValue("#abc")).toBe("#aabbcc");
    expect(pickerValue("#11223344")).toBe("#112233");
    expect(pickerValue("rgb(1,2,3)")).toBe("#000000");
  });
});
