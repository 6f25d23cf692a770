import { describe, expect, it } from "vitest";
import { activeTier } from "./plans.js";

const now = new Date("2030-01-01T00:00:00.000Z");

describe("activeTier", () => {
  it("is the stored tier until it expires, then free", () => {
    expect(activeTier({ subscriptionTier: "pro", subscriptionExpiry: null }, now)).toBe("pro");
    expect(
      activeTier({ subscriptionTier: "basic", subscriptionExpiry: new Date(now.getTime() + 1) }, now),
    ).toBe("basic");
    expect(activeTier({ subscriptionTier: "pro", subscriptionExpiry: now }, now)).toBe("free");
    expect(activeTier({ subscriptionTier: "none", subscriptionExpiry: null }, now)).toBe("free");
  });
});
