import type { InvoiceView } from "@contract/payments";
import { describe, expect, it } from "vitest";
import {
  formatCountdown,
  formatHoursLeft,
  initialPurchaseState,
  isPolledStep,
  type PurchaseAction,
  type PurchaseState,
  priceOf,
  purchaseReducer,
  stepForInvoice,
} from "./purchase-machine";

const invoice = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  txnId: "t1",
  status: "pending",
  amount: "0.00100000",
  pendingAmount: "0.00100000",
  currency: "BTC",
  walletHash: "bc1qexample",
  invoiceUrl: "http://x/invoice/t1",
  txUrls: [],
  orderNumber: "1",
  subscriptionTier: "pro",
  subscriptionDuration: "90",
  sourceAmount: "49.99",
  discountCode: null,
  expectedConfirmations: 1,
  expiresAt: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  receivedAmount: "0.00000000",
  awaitingConfirmation: false,
  toSettle: [],
  ...overrides,
});
const run = (state: PurchaseState, ...actions: PurchaseAction[]) => actions.reduce(purchaseReducer, state);
const atStep3 = run(
  initialPurchaseState(),
  { type: "choosePlan", tier: "pro" },
  { type: "continue" },
  { type: "chooseDuration", duration: "90" },
  { type: "continue" },
  { type: "chooseCurrency", currency: "BTC" },
);

describe("the purchase wizard's steps", () => {
  it("needs a plan for step 2 and a duration for step 3; Back returns one step", () => {
    expect(run(initialPurchaseState(), { type: "continue" }).step).toBe(1);
    const two = run(initialPurchaseState(), { type: "choosePlan", tier: "basic" }, { type: "continue" });
    expect(two.step).toBe(2);
    expect(run(two, { type: "continue" }).step).toBe(2);
    expect(atStep3.step).toBe(3);
    expect(run(atStep3, { type: "back" }).step).toBe(2);
    expect(run(atStep3, { type: "back" }, { type: "back" }).step).toBe(1);
  });

  it("leaves step 3 with the invoice for step 4, and polls on steps 4, 5 and 7 only", () => {
    const four = run(atStep3, { type: "invoiceCreated", invoice: invoice() });
    expect(four.step).toBe(4);
    expect(run(four, { type: "back" }).step).toBe(3);
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter((s) => isPolledStep(s as never))).toEqual([4, 5, 7]);
  });

  it("follows the polled invoice: partial to 7, paid-awaiting-confirmation to 5, paid to 8, expired to 6", () => {
    const four = run(atStep3, { type: "invoiceCreated", invoice: invoice() });
    expect(run(four, { type: "invoiceUpdated", invoice: invoice() }).step).toBe(4);
    const seven = run(four, {
      type: "invoiceUpdated",
      invoice: invoice({ status: "partial", pendingAmount: "0.0004" }),
    });
    expect(seven.step).toBe(7);
    const five = run(seven, { type: "invoiceUpdated", invoice: invoice({ pendingAmount: "0.00000000" }) });
    expect(five.step).toBe(5);
    expect(run(five, { type: "invoiceUpdated", invoice: invoice({ status: "completed" }) }).step).toBe(8);
    expect(run(four, { type: "invoiceUpdated", invoice: invoice({ status: "mismatch" }) }).step).toBe(8);
    expect(run(seven, { type: "invoiceUpdated", invoice: invoice({ status: "expired" }) }).step).toBe(6);
    expect(stepForInvoice(invoice({ status: "completed" }), 4)).toBe(8);
    // A payment seen in the mempool (Plisio's pending_sum) waits for its confirmation, though nothing is received yet.
    expect(stepForInvoice(invoice({ awaitingConfirmation: true }), 4)).toBe(5);
  });

  it("ignores updates off the polled steps or for another invoice, and restarts from 6 or 7 only", () => {
    const four = run(atStep3, { type: "invoiceCreated", invoice: invoice() });
    expect(
      run(four, { type: "invoiceUpdated", invoice: invoice({ txnId: "other", status: "completed" }) }).step,
    ).toBe(4);
    const eight = run(four, { type: "invoiceUpdated", invoice: invoice({ status: "completed" }) });
    expect(run(eight, { type: "invoiceUpdated", invoice: invoice({ status: "expired" }) }).step).toBe(8);
    expect(run(eight, { type: "restart" }).step).toBe(8);
    const six = run(four, { type: "invoiceUpdated", invoice: invoice({ status: "expired" }) });
    expect(run(six, { type: "restart" })).toEqual(initialPurchaseState());
  });

  it("drops an applied code when the plan changes, and prices with it", () => {
    const two = run(
      initialPurchaseState("pro"),
      { type: "continue" },
      { type: "applyDiscount", discount: { code: "SAVE20", discountPercentage: 20 } },
    );
    expect(two.discount?.code).toBe("SAVE20");
    expect(priceOf("pro", "90", two.discount)).toBe("39.99");
    expect(priceOf("basic", "lifetime", null)).toBe("99.99");
    const back = run(two, { type: "back" }, { type: "choosePlan", tier: "basic" });
    expect(back.discount).toBeNull();
  });

  it("counts down in minutes:seconds", () => {
    expect(formatCountdown(3_600_000)).toBe("60:00");
    expect(formatCountdown(61_999)).toBe("01:01");
    expect(formatCountdown(-5)).toBe("00:00");
    expect(formatHoursLeft(24 * 3_600_000)).toBe("24 h 00 min");
    expect(formatHoursLeft(3_600_000 + 61_000)).toBe("1 h 01 min");
  });
});
