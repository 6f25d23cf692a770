import { describe, expect, it } from "vitest";
import { isWellFormedSubscriptionKey } from "../../contract/subscription-keys.js";
import { newSubscriptionKey, subscriptionKeyHash } from "./tokens.js";

describe("subscription keys", () => {
  it("are well formed, carry at least 128 random bits and differ every time", () => {
    const keys = Array.from({ length: 200 }, newSubscriptionKey);
    expect(keys.every(isWellFormedSubscriptionKey)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    // 28 characters of a 32-letter alphabet: 140 bits.
    expect((keys[0] ?? "").replace(/^ADK-|-/g, "").length * 5).toBeGreaterThanOrEqual(128);
  });

  it("hash the same whatever the case and spacing a seller pastes", () => {
    const key = newSubscriptionKey();
    expect(subscriptionKeyHash(` ${key.toLowerCase()}\n`)).toBe(subscriptionKeyHash(key));
    expect(subscriptionKeyHash(key)).not.toBe(subscriptionKeyHash(newSubscriptionKey()));
    expect(isWellFormedSubscriptionKey("ADK-0000")).toBe(false);
  });
});
