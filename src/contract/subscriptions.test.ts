import { describe, expect, it } from "vitest";
import { daysLeft, displayStatus, planAfterPurchase, purchaseRefusal } from "./subscriptions.js";

const now = Date.parse("2030-03-01T12:00:00.000Z");
const DAY = 86_400_000;
const sub = (tier: string, expiry: number | null) => ({
  subscriptionTier: tier,
  subscriptionExpiry: expiry === null ? null : new Date(expiry),
});

describe("display status (spec 001 §4)", () => {
  it("is Free Plan on free, Expired at 0 days or fewer, Expiring Soon at 7 or fewer, else Active", () => {
    expect(displayStatus(sub("free", null), now)).toBe("free");
    expect(displayStatus(sub("free", now - DAY), now)).toBe("free");
    expect(displayStatus(sub("pro", now), now)).toBe("expired");
    expect(displayStatus(sub("pro", now - 1), now)).toBe("expired");
    expect(displayStatus(sub("basic", now + 7 * DAY), now)).toBe("expiring");
    expect(displayStatus(sub("basic", now + 1), now)).toBe("expiring");
    expect(displayStatus(sub("basic", now + 7 * DAY + 1), now)).toBe("active");
    expect(displayStatus(sub("pro", null), now)).toBe("active");
  });

  it("counts days left rounded up, none for lifetime", () => {
    expect(daysLeft(sub("pro", now + DAY / 2), now)).toBe(1);
    expect(daysLeft(sub("pro", now + 30 * DAY), now)).toBe(30);
    expect(daysLeft(sub("pro", now - DAY), now)).toBe(-1);
    expect(daysLeft(sub("pro", null), now)).toBeNull();
  });
});

describe("the plan after a purchase (decision 015)", () => {
  it("starts now from free or from an expired plan", () => {
    expect(planAfterPurchase(sub("free", null), { tier: "pro", days: 90 }, now)).toEqual({
      tier: "pro",
      expiry: new Date(now + 90 * DAY),
    });
    expect(planAfterPurchase(sub("pro", now - DAY), { tier: "basic", days: 30 }, now)).toEqual({
      tier: "basic",
      expiry: new Date(now + 30 * DAY),
    });
  });

  it("adds time to the same tier from its current expiry (Add More Time)", () => {
    expect(planAfterPurchase(sub("basic", now + 10 * DAY), { tier: "basic", days: 30 }, now)).toEqual({
      tier: "basic",
      expiry: new Date(now + 40 * DAY),
    });
  });

  it("switches tier from now, converting the old tier's unused days at the 30-day prices", () => {
    // 20 Basic days are worth 20 * 9.99 / 19.99 Pro days; 20 Pro days are worth 20 * 19.99 / 9.99 Basic days.
    const up = planAfterPurchase(sub("basic", now + 20 * DAY), { tier: "pro", days: 30 }, now);
    expect(up.tier).toBe("pro");
    expect(up.expiry!.getTime()).toBe(now + 30 * DAY + Math.floor((20 * DAY * 999) / 1999));
    const down = planAfterPurchase(sub("pro", now + 20 * DAY), { tier: "basic", days: 30 }, now);
    expect(down.expiry!.getTime()).toBe(now + 30 * DAY + Math.floor((20 * DAY * 1999) / 999));
  });

  it("sets no expiry for lifetime, and a lifetime plan takes only Pro lifetime over Basic lifetime", () => {
    expect(planAfterPurchase(sub("basic", now + DAY), { tier: "pro", days: null }, now)).toEqual({
      tier: "pro",
      expiry: null,
    });
    expect(purchaseRefusal(sub("pro", null), { tier: "pro", days: 30 }, now)).toBe(
      "Your Pro plan is already lifetime",
    );
    expect(purchaseRefusal(sub("pro", null), { tier: "basic", days: null }, now)).toBe(
      "Your Pro plan is lifetime: only Pro lifetime can replace it",
    );
    expect(purchaseRefusal(sub("basic", null), { tier: "pro", days: 90 }, now)).toMatch(/only Pro lifetime/);
    expect(purchaseRefusal(sub("basic", null), { tier: "pro", days: null }, now)).toBeNull();
    expect(purchaseRefusal(sub("basic", now + DAY), { tier: "basic", days: 30 }, now)).toBeNull();
    expect(purchaseRefusal(sub("free", null), { tier: "pro", days: null }, now)).toBeNull();
  });
});
