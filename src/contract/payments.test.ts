import { describe, expect, it } from "vitest";
import { invoiceStatusOf, isOpenStatus, isPaidStatus } from "./payments.js";

describe("invoice status from the provider's state and the confirmed money received", () => {
  it("is partial while 0 < received < amount on an open invoice, pending otherwise", () => {
    expect(invoiceStatusOf("open", "0.00100000", "0")).toBe("pending");
    expect(invoiceStatusOf("confirming", "0.00100000", "0.00060000")).toBe("partial");
    expect(invoiceStatusOf("open", "0.00100000", "0.00100000")).toBe("pending");
  });

  it("believes paid and overpaid only with the money to match; a short one is a part", () => {
    expect(invoiceStatusOf("paid", "1", "1")).toBe("completed");
    expect(invoiceStatusOf("overpaid", "1", "1.5")).toBe("mismatch");
    expect(invoiceStatusOf("paid", "1", "0.5")).toBe("partial");
    expect(invoiceStatusOf("overpaid", "1", "0")).toBe("pending");
    expect(invoiceStatusOf("expired", "1", "0.5")).toBe("expired");
    expect(["completed", "mismatch"].every((s) => isPaidStatus(s as never))).toBe(true);
    expect(isOpenStatus("partial") && isOpenStatus("pending") && !isOpenStatus("expired")).toBe(true);
  });
});
