import { describe, expect, it } from "vitest";
import { invoiceStatusOf, isOpenStatus, isPaidStatus } from "./payments.js";

describe("invoice status", () => {
  it("derives partial from 0 < pendingAmount < amount on an open invoice, pending otherwise", () => {
    expect(invoiceStatusOf("open", "0.00100000", "0.00100000")).toBe("pending");
    expect(invoiceStatusOf("open", "0.00100000", "0.00040000")).toBe("partial");
    expect(invoiceStatusOf("open", "0.00100000", "0")).toBe("pending");
    expect(invoiceStatusOf("open", "0.00100000", "-0.0001")).toBe("pending");
  });

  it("maps paid, overpaid and expired to completed, mismatch and expired whatever the amounts", () => {
    expect(invoiceStatusOf("paid", "1", "0.5")).toBe("completed");
    expect(invoiceStatusOf("overpaid", "1", "-0.5")).toBe("mismatch");
    expect(invoiceStatusOf("expired", "1", "0.5")).toBe("expired");
    expect(["completed", "mismatch"].every((s) => isPaidStatus(s as never))).toBe(true);
    expect(isOpenStatus("partial") && isOpenStatus("pending") && !isOpenStatus("expired")).toBe(true);
  });
});
