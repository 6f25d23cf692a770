import { describe, expect, it } from "vitest";
import { parentStatusAfter } from "./lifecycle-rules.js";

describe("order lifecycle rules", () => {
  it("settles a multi-game parent only once every game is cancelled or refunded", () => {
    expect(parentStatusAfter("unclaimed", ["cancelled", "unclaimed"])).toBe("unclaimed");
    expect(parentStatusAfter("unclaimed", ["cancelled", "cancelled"])).toBe("cancelled");
    expect(parentStatusAfter("unclaimed", ["cancelled", "refunded"])).toBe("refunded");
  });
});
