import { describe, expect, it } from "vitest";
import { decideInvoiceUpdate, type StoredInvoice } from "./invoice-state.js";

const open: StoredInvoice = {
  status: "pending",
  amount: "0.01000000",
  received: "0.00000000",
  applied: false,
  toSettle: [],
};

describe("what a provider update does to an invoice", () => {
  it("activates once, on the money in full; a paid invoice stays paid", () => {
    const paid = decideInvoiceUpdate(open, { state: "paid", received: "0.01" });
    expect(paid).toMatchObject({ status: "completed", activate: true, settle: [] });
    const again = decideInvoiceUpdate(
      { ...open, status: "completed", received: "0.01", applied: true },
      { state: "expired", received: "0" },
    );
    expect(again).toMatchObject({ status: "completed", activate: false, received: "0.01", settle: [] });
  });

  it("a completed for less than the amount is a part payment, waiting for the rest", () => {
    expect(decideInvoiceUpdate(open, { state: "paid", received: "0.004" })).toMatchObject({
      status: "partial",
      activate: false,
    });
  });

  it("an overpayment activates and records the surplus to settle, also when it arrives later", () => {
    expect(decideInvoiceUpdate(open, { state: "overpaid", received: "0.012" })).toMatchObject({
      status: "mismatch",
      activate: true,
      settle: [{ kind: "overpaid", amount: "0.00200000" }],
    });
    const later = decideInvoiceUpdate(
      { ...open, status: "completed", received: "0.01", applied: true },
      { state: "overpaid", received: "0.015" },
    );
    expect(later).toMatchObject({ status: "mismatch", settle: [{ kind: "overpaid", amount: "0.00500000" }] });
  });

  it("expires an underpaid invoice: releases its code and records what arrived", () => {
    const expired = decideInvoiceUpdate(
      { ...open, status: "partial", received: "0.004" },
      {
        state: "expired",
        received: "0.004",
      },
    );
    expect(expired).toMatchObject({
      status: "expired",
      releaseCode: true,
      settle: [{ kind: "underpaid_expired", amount: "0.004" }],
    });
    expect(decideInvoiceUpdate(open, { state: "expired", received: "0" })).toMatchObject({
      status: "expired",
      releaseCode: true,
      settle: [],
    });
  });

  it("money on an expired invoice buys nothing: recorded to settle, never activated", () => {
    const late = decideInvoiceUpdate({ ...open, status: "expired" }, { state: "paid", received: "0.01" });
    expect(late).toMatchObject({
      status: "expired",
      activate: false,
      settle: [{ kind: "paid_after_expiry", amount: "0.01" }],
    });
    const more = decideInvoiceUpdate(
      { ...open, status: "expired", received: "0.004", toSettle: ["underpaid_expired"] },
      { state: "paid", received: "0.01" },
    );
    expect(more.settle).toEqual([{ kind: "underpaid_expired", amount: "0.01" }]);
  });

  it("money never goes back: a late update with less keeps what was confirmed", () => {
    const stale = decideInvoiceUpdate(
      { ...open, status: "partial", received: "0.004" },
      {
        state: "confirming",
        received: "0",
      },
    );
    expect(stale).toMatchObject({ status: "partial", received: "0.004", awaitingConfirmation: true });
  });
});
