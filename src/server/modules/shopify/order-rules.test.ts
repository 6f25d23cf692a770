import { describe, expect, it } from "vitest";
import { isPaid, refundReleases, stateAction } from "./order-rules.js";

describe("what a Shopify purchase's lifecycle asks of its orders", () => {
  it("lets paid and partially refunded orders be claimed, nothing else", () => {
    expect(isPaid("paid")).toBe(true);
    expect(isPaid("partially_refunded")).toBe(true);
    expect(isPaid(undefined)).toBe(true);
    for (const s of ["pending", "authorized", "partially_paid", "refunded", "voided"])
      expect(isPaid(s)).toBe(false);
  });

  it("reads what Shopify's state asks of the orders", () => {
    const at = new Date("2026-11-26T10:00:00Z");
    expect(stateAction({ financialStatus: "paid", cancelledAt: at })).toEqual({
      kind: "cancel",
      as: "cancelled",
    });
    expect(stateAction({ financialStatus: "refunded", cancelledAt: at })).toEqual({
      kind: "cancel",
      as: "refunded",
    });
    expect(stateAction({ financialStatus: "refunded", cancelledAt: null })).toEqual({
      kind: "cancel",
      as: "refunded",
    });
    expect(stateAction({ financialStatus: "voided", cancelledAt: null })).toEqual({
      kind: "cancel",
      as: "cancelled",
    });
    expect(stateAction({ financialStatus: "paid", cancelledAt: null })).toEqual({ kind: "paid" });
    expect(stateAction({ financialStatus: "pending", cancelledAt: null })).toEqual({ kind: "wait" });
  });

  it("releases each refunded unit's items, never more than a row holds", () => {
    const rows = [
      { id: "r1", orderId: "o", itemId: "a", quantity: 6, variantId: "v1", perUnit: 2 },
      { id: "r2", orderId: "o", itemId: "b", quantity: 3, variantId: "v1", perUnit: 1 },
      { id: "r3", orderId: "o", itemId: "c", quantity: 5, variantId: "v2", perUnit: 5 },
      { id: "r4", orderId: "o", itemId: "d", quantity: 4, variantId: "v3", perUnit: null },
    ];
    expect(refundReleases(rows, [{ variantId: "v1", quantity: 1 }])).toEqual(
      new Map([
        ["r1", 2],
        ["r2", 1],
      ]),
    );
    expect(
      refundReleases(rows, [
        { variantId: "v2", quantity: 9 },
        { variantId: "v3", quantity: 1 },
        { variantId: "v9", quantity: 1 },
      ]),
    ).toEqual(
      new Map([
        ["r3", 5],
        ["r4", 4],
      ]),
    );
  });
});
