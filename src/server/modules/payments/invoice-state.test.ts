import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES } from "../../../contract/payments.js";
import { nextInvoiceStatus } from "./invoice-state.js";

describe("the status after a provider update", () => {
  it("keeps a paid invoice paid whatever arrives after", () => {
    for (const incoming of INVOICE_STATUSES) {
      expect(nextInvoiceStatus("completed", incoming)).toBe("completed");
      expect(nextInvoiceStatus("mismatch", incoming)).toBe("mismatch");
    }
  });

  it("follows the provider otherwise, a late payment on an expired invoice included", () => {
    expect(nextInvoiceStatus("pending", "partial")).toBe("partial");
    expect(nextInvoiceStatus("partial", "expired")).toBe("expired");
    expect(nextInvoiceStatus("expired", "completed")).toBe("completed");
  });
});
