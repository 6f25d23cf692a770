import { describe, expect, it } from "vitest";
import { DASHBOARD_CLAIM_STYLE_DEFAULTS } from "../../../contract/settings";
import { initialStyle, pickerValue, styleErrors } from "./claim-style";

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

  it("gives the colour picker a #rrggbb value", () => {
    expect(pickerValue("#1E293B")).toBe("#1e293b");
    expect(pickerValue("#abc")).toBe("#aabbcc");
    expect(pickerValue("#11223344")).toBe("#112233");
    expect(pickerValue("rgb(1,2,3)")).toBe("#000000");
  });
});
