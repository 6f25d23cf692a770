import { describe, expect, it } from "vitest";
import { withoutSearchParam } from "./address";

describe("withoutSearchParam", () => {
  it("drops only the named parameter", () => {
    expect(withoutSearchParam("http://x/dashboard?shopify_linked=true", "shopify_linked")).toBe("/dashboard");
    expect(withoutSearchParam("http://x/dashboard?a=1&shopify_linked=true#h", "shopify_linked")).toBe(
      "/dashboard?a=1#h",
    );
  });
});
