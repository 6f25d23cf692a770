import { describe, expect, it } from "vitest";
import {
  botImportSummary,
  discountPayload,
  emptyDiscountForm,
  grantProblem,
  hasActiveSubscription,
  keyCountProblem,
  keysAsText,
  keysFileName,
  ruleLimit,
} from "./admin-forms";

describe("discount code form", () => {
  it("starts at the spec's defaults and sends the code uppercase with numbers", () => {
    const form = emptyDiscountForm();
    expect(form).toEqual({
      code: "",
      discountPercentage: "10",
      usageLimit: "100",
      applicablePlans: "both",
      isActive: true,
    });
    expect(discountPayload({ ...form, code: " spring-25 " })).toEqual({
      ok: true,
      body: {
        code: "SPRING-25",
        discountPercentage: 10,
        usageLimit: 100,
        applicablePlans: "both",
        isActive: true,
      },
    });
  });

  it("says what to fix: a blank code, a percentage outside 1 to 100, a usage limit under 1", () => {
    const form = { ...emptyDiscountForm(), code: "SAVE" };
    expect(discountPayload({ ...form, code: "  " })).toEqual({
      ok: false,
      error: "Please enter a discount code",
    });
    expect(discountPayload({ ...form, code: "SAVE 10" })).toMatchObject({ ok: false });
    for (const p of ["0", "101", "", "5.5"])
      expect(discountPayload({ ...form, discountPercentage: p })).toMatchObject({ ok: false });
    expect(discountPayload({ ...form, discountPercentage: "100" })).toMatchObject({ ok: true });
    expect(discountPayload({ ...form, usageLimit: "0" })).toEqual({
      ok: false,
      error: "Usage limit must be a whole number of at least 1",
    });
    expect(discountPayload({ ...form, usageLimit: "2.5" })).toEqual({
      ok: false,
      error: "Usage limit must be a whole number of at least 1",
    });
  });
});

describe("key generation", () => {
  it("takes 1 to 100 keys", () => {
    expect(keyCountProblem("1")).toBeNull();
    expect(keyCountProblem("100")).toBeNull();
    for (const bad of ["0", "101", "", "two"])
      expect(keyCountProblem(bad)).toBe("Enter a number of keys from 1 to 100");
  });

  it("copies and downloads one key per line, in a file named by tier and time", () => {
    expect(keysAsText([{ key: "ADK-A" }, { key: "ADK-B" }])).toBe("ADK-A\nADK-B\n");
    expect(keysFileName("pro", new Date("2026-11-20T12:34:56.789Z"))).toBe(
      "autodrop-pro-keys-2026-11-20-12-34-56.txt",
    );
  });
});

describe("game rules, grants, bots and subscriptions", () => {
  it("reads a blank limit as no limit and refuses anything under 1", () => {
    expect(ruleLimit(" ")).toEqual({ ok: true, value: null });
    expect(ruleLimit("3")).toEqual({ ok: true, value: 3 });
    expect(ruleLimit("0")).toEqual({ ok: false });
    expect(ruleLimit("-2")).toEqual({ ok: false });
  });

  it("needs an item and a quantity of at least 1 to grant", () => {
    expect(grantProblem("", "1")).toBe("Please select an item");
    expect(grantProblem("item-1", "0")).toBe("Quantity must be a whole number of at least 1");
    expect(grantProblem("item-1", "1.5")).toBe("Quantity must be a whole number of at least 1");
    expect(grantProblem("item-1", "2")).toBeNull();
  });

  it("sums up a bulk import: added, duplicates skipped, blank lines ignored", () => {
    const name = () => "Murder Mystery 2";
    expect(botImportSummary({ count: 3, duplicates: [], blankLines: 0 }, "mm2", name)).toBe(
      "Added 3 bots to Murder Mystery 2.",
    );
    expect(botImportSummary({ count: 1, duplicates: ["BotA", "BotB"], blankLines: 1 }, "mm2", name)).toBe(
      "Added 1 bot to Murder Mystery 2. Skipped 2 duplicates: BotA, BotB. Ignored 1 blank line.",
    );
  });

  it("counts a paid plan as active until it expires, and lifetime always", () => {
    const now = Date.parse("2026-11-20T00:00:00Z");
    expect(hasActiveSubscription({ subscriptionTier: "pro", subscriptionExpiry: null }, now)).toBe(true);
    expect(
      hasActiveSubscription({ subscriptionTier: "basic", subscriptionExpiry: "2026-11-21T00:00:00Z" }, now),
    ).toBe(true);
    expect(
      hasActiveSubscription({ subscriptionTier: "basic", subscriptionExpiry: "2026-11-19T00:00:00Z" }, now),
    ).toBe(false);
    expect(hasActiveSubscription({ subscriptionTier: "free", subscriptionExpiry: null }, now)).toBe(false);
  });
});
