import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../../contract/orders.js";
import { mayMove, moveTo, ORDER_TRANSITIONS } from "./transitions.js";

describe("order status transitions", () => {
  it("names every status, and moves only to statuses", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS))
      for (const to of targets) expect(ORDER_STATUSES).toContain(to);
  });

  it("follows an order from payment through claim to delivery, and a retry with new stock", () => {
    expect(mayMove("awaiting_payment", "unclaimed")).toBe(true);
    expect(mayMove("unclaimed", "pending")).toBe(true);
    expect(mayMove("pending", "completed")).toBe(true);
    expect(mayMove("failed_no_stock", "unclaimed")).toBe(true);
    expect(mayMove("failed_no_stock", "awaiting_payment")).toBe(true);
  });

  it("cancels or refunds only before delivery, and never reopens a finished order", () => {
    for (const from of ["awaiting_payment", "unclaimed", "pending", "failed_no_stock"] as const) {
      expect(mayMove(from, "cancelled")).toBe(true);
      expect(mayMove(from, "refunded")).toBe(true);
    }
    for (const from of ["completed", "cancelled", "refunded"] as const)
      for (const to of ORDER_STATUSES) expect(mayMove(from, to), `${from} -> ${to}`).toBe(false);
    expect(mayMove("unclaimed", "completed")).toBe(false);
    expect(mayMove("awaiting_payment", "pending")).toBe(false);
  });

  it("refuses a move the table does not allow", () => {
    expect(moveTo("pending", "completed")).toBe("completed");
    expect(() => moveTo("cancelled", "unclaimed")).toThrow("cannot go from cancelled to unclaimed");
  });
});
