import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/server/clock.js";
import { pollHandler } from "../../src/server/modules/payments/index.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import {
  addDiscountCode,
  createInvoice,
  DAY,
  invoiceOf,
  NOW,
  planOf,
  postCallback,
  proFor90Days,
  sandboxAction,
  signedCallback,
  storedInvoice,
  usageOf,
} from "./payments-fixtures.js";

describe.each(DRIVERS)("crypto payments (%s)", (driver) => {
  const t = useTestApp(driver, { clock: fixedClock(NOW) });

  it("pays in part, then the rest, and activates Pro for 90 days once, with the discount counted once", async () => {
    const seller = await signIn(t.app, "PayPartly");
    await addDiscountCode(t.app, "SAVE20", { applicablePlans: "pro" });
    const created = await proFor90Days(t.app, seller, { discountCode: "save20" });
    expect(created).toMatchObject({ status: "pending", sourceAmount: "39.99", discountCode: "SAVE20" });
    expect(created.amount).toMatch(/^\d+\.\d{8}$/);
    expect(created.pendingAmount).toBe(created.amount);

    const part = await sandboxAction(t.app, created.txnId, { type: "pay", kind: "part" });
    expect(part.callback?.lastStatus).toBe(200);
    // Seen but unconfirmed: nothing is received yet (Plisio's pending_amount is the total less confirmed money).
    const seen = (await invoiceOf(t.app, seller, created.txnId)).json();
    expect(seen).toMatchObject({
      status: "pending",
      awaitingConfirmation: true,
      receivedAmount: "0.00000000",
      pendingAmount: created.amount,
    });
    await sandboxAction(t.app, created.txnId, { type: "confirm" });
    const partial = (await invoiceOf(t.app, seller, created.txnId)).json();
    expect(partial).toMatchObject({ status: "partial", awaitingConfirmation: false });
    // A part payment gives the payer a day for the rest (the emulator's rule), and the callback says so.
    expect(partial.expiresAt).toBe(new Date(NOW + 86_400_000).toISOString());
    expect(Number(partial.pendingAmount)).toBeGreaterThan(0);
    expect(Number(partial.pendingAmount) + Number(partial.receivedAmount)).toBeCloseTo(
      Number(created.amount),
      8,
    );
    expect((await planOf(t.app, seller.userId)).tier).toBe("free");

    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "full" });
    const waiting = (await invoiceOf(t.app, seller, created.txnId)).json();
    expect(waiting).toMatchObject({ status: "partial", awaitingConfirmation: true });
    expect(waiting.txUrls).toHaveLength(2);

    await sandboxAction(t.app, created.txnId, { type: "confirm" });
    expect((await invoiceOf(t.app, seller, created.txnId)).json().status).toBe("completed");
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "pro", expiry: new Date(NOW + 90 * DAY) });
    expect(await usageOf(t.app, "SAVE20")).toBe(1);

    // The same completed callback again (a retry) changes nothing.
    await t.app.inject({ method: "POST", url: "/__sandbox/plisio/callbacks/deliver" });
    const again = signedCallback(t.app, {
      txn_id: created.txnId,
      order_number: (await storedInvoice(t.app, created.txnId)).orderNumber,
      status: "completed",
      amount: created.amount,
      pending_amount: "0",
    });
    expect((await postCallback(t.app, again)).statusCode).toBe(200);
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "pro", expiry: new Date(NOW + 90 * DAY) });
    expect(await usageOf(t.app, "SAVE20")).toBe(1);
  });

  it("activates once when ten duplicate callbacks arrive at once", async () => {
    const seller = await signIn(t.app, "PayDuplicates");
    await addDiscountCode(t.app, "DUPES", { discountPercentage: 10 });
    const created = await proFor90Days(t.app, seller, { discountCode: "DUPES" });
    const callback = signedCallback(t.app, {
      txn_id: created.txnId,
      order_number: (await storedInvoice(t.app, created.txnId)).orderNumber,
      status: "completed",
      amount: created.amount,
      pending_amount: "0.00000000",
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(t.app, callback)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "pro", expiry: new Date(NOW + 90 * DAY) });
    expect(await usageOf(t.app, "DUPES")).toBe(1);
    expect((await storedInvoice(t.app, created.txnId)).appliedAt).not.toBeNull();
  });

  it("refuses a forged or unsigned callback with 401 and changes nothing; acknowledges an unknown invoice", async () => {
    const seller = await signIn(t.app, "PayForged");
    const created = await proFor90Days(t.app, seller);
    const fields = {
      txn_id: created.txnId,
      order_number: (await storedInvoice(t.app, created.txnId)).orderNumber,
      status: "completed",
      amount: created.amount,
      pending_amount: "0",
    };
    const forged = signedCallback(t.app, fields, "not-the-secret");
    const forgedAnswer = await postCallback(t.app, forged);
    expect(forgedAnswer.statusCode).toBe(401);
    expect(forgedAnswer.json()).toEqual({ error: "Invalid callback signature" });
    const { verify_hash: _dropped, ...unsigned } = signedCallback(t.app, fields);
    expect((await postCallback(t.app, unsigned)).statusCode).toBe(401);
    const tampered = { ...signedCallback(t.app, { ...fields, status: "expired" }), status: "completed" };
    expect((await postCallback(t.app, tampered)).statusCode).toBe(401);
    expect((await storedInvoice(t.app, created.txnId)).status).toBe("pending");
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });

    const unknown = signedCallback(t.app, { ...fields, txn_id: "0123456789abcdef01234567" });
    const ack = await postCallback(t.app, unknown);
    expect(ack.statusCode).toBe(200);
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });
  });

  it("marks the invoice expired when the provider lets it expire, and never activates it", async () => {
    const seller = await signIn(t.app, "PayExpired");
    const created = await proFor90Days(t.app, seller);
    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "part" });
    await sandboxAction(t.app, created.txnId, { type: "expire" });
    expect((await invoiceOf(t.app, seller, created.txnId)).json().status).toBe("expired");
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });
  });

  it("the poller activates a paid invoice whose callbacks were lost, and learns of expiry the same way", async () => {
    const seller = await signIn(t.app, "PayPolled");
    const paid = await proFor90Days(t.app, seller);
    const lapsed = await proFor90Days(t.app, seller, {
      subscriptionTier: "basic",
      subscriptionDuration: "30",
    });
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/plisio/settings",
      payload: { expireMinutes: null, callbacksPaused: true },
    });
    try {
      await sandboxAction(t.app, paid.txnId, { type: "pay", kind: "full" });
      await sandboxAction(t.app, paid.txnId, { type: "confirm" });
      await sandboxAction(t.app, lapsed.txnId, { type: "expire" });
      expect((await storedInvoice(t.app, paid.txnId)).status).toBe("pending");

      await pollHandler(t.app.ctx)();
      expect((await storedInvoice(t.app, paid.txnId)).status).toBe("completed");
      expect((await storedInvoice(t.app, lapsed.txnId)).status).toBe("expired");
      expect(await planOf(t.app, seller.userId)).toEqual({ tier: "pro", expiry: new Date(NOW + 90 * DAY) });
    } finally {
      await t.app.inject({
        method: "POST",
        url: "/__sandbox/plisio/settings",
        payload: { expireMinutes: null, callbacksPaused: false },
      });
    }
  });

  it("shows an invoice to its owner only, and lists the seller's own invoices newest first", async () => {
    const owner = await signIn(t.app, "PayOwner");
    const other = await signIn(t.app, "PayOther");
    const first = await proFor90Days(t.app, owner);
    const second = await proFor90Days(t.app, owner, { currency: "ETH" });
    const foreign = await invoiceOf(t.app, other, first.txnId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "Invoice not found" });
    expect((await invoiceOf(t.app, owner, first.txnId)).statusCode).toBe(200);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/plisio/user-invoices",
      headers: owner.headers,
    });
    expect(
      list
        .json()
        .map((i: { txnId: string }) => i.txnId)
        .sort(),
    ).toEqual([first.txnId, second.txnId].sort());
    const otherList = await t.app.inject({
      method: "GET",
      url: "/api/plisio/user-invoices",
      headers: other.headers,
    });
    expect(otherList.json()).toEqual([]);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/plisio/invoice/${first.txnId}` })).statusCode,
    ).toBe(401);
  });

  it("asks for every option, and refuses unknown ones, before calling the provider", async () => {
    const seller = await signIn(t.app, "PayOptions");
    for (const body of [
      { subscriptionTier: "pro", subscriptionDuration: "90" },
      { subscriptionTier: "pro", currency: "BTC" },
      { subscriptionDuration: "30", currency: "LTC", discountCode: null },
      { subscriptionTier: "", subscriptionDuration: "30", currency: "LTC" },
    ]) {
      const res = await createInvoice(t.app, seller, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Please select all required options" });
    }
    const wrong = await createInvoice(t.app, seller, {
      subscriptionTier: "gold",
      subscriptionDuration: "30",
      currency: "BTC",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/^Validation failed: subscriptionTier/);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/plisio/user-invoices",
      headers: seller.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it("validates discount codes: active, under the limit, for the plan; a code at its limit is refused", async () => {
    const seller = await signIn(t.app, "PayDiscount");
    await addDiscountCode(t.app, "BASICONLY", { applicablePlans: "basic", discountPercentage: 15 });
    await addDiscountCode(t.app, "USEDUP", { maxUsage: 3, usageCount: 3 });
    await addDiscountCode(t.app, "OFF", { isActive: false });
    const validate = (code: string, plan: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/discount-codes/validate?code=${encodeURIComponent(code)}&plan=${plan}`,
        headers: seller.headers,
      });
    const ok = await validate("basiconly", "basic");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: "BASICONLY", discountPercentage: 15 });
    expect((await validate("BASICONLY", "pro")).json()).toEqual({
      error: "This discount code is not valid for the selected plan.",
    });
    expect((await validate("USEDUP", "pro")).json()).toEqual({
      error: "This discount code has reached its usage limit",
    });
    expect((await validate("OFF", "pro")).statusCode).toBe(400);
    expect((await validate("NOPE", "pro")).json()).toEqual({
      error: "This discount code does not exist or is no longer active",
    });
    const refused = await createInvoice(t.app, seller, {
      subscriptionTier: "pro",
      subscriptionDuration: "30",
      currency: "BTC",
      discountCode: "USEDUP",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "This discount code has reached its usage limit" });
    expect(await usageOf(t.app, "USEDUP")).toBe(3);
  });

  it("activates a plan its code makes free at once, without the provider", async () => {
    const seller = await signIn(t.app, "PayFree");
    await addDiscountCode(t.app, "FREEBIE", { discountPercentage: 100 });
    const res = await createInvoice(t.app, seller, {
      subscriptionTier: "basic",
      subscriptionDuration: "30",
      currency: "LTC",
      discountCode: "FREEBIE",
    });
    expect(res.json()).toMatchObject({ status: "completed", sourceAmount: "0.00", amount: "0.00000000" });
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "basic", expiry: new Date(NOW + 30 * DAY) });
    expect(await usageOf(t.app, "FREEBIE")).toBe(1);
  });

  it("refuses to add time to a lifetime plan", async () => {
    const seller = await signIn(t.app, "PayLifetime", { tier: "pro" });
    await t.app.ctx.db.execute(`UPDATE users SET subscription_expiry = NULL WHERE id = '${seller.userId}'`);
    const res = await createInvoice(t.app, seller, {
      subscriptionTier: "pro",
      subscriptionDuration: "30",
      currency: "BTC",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Your Pro plan is already lifetime" });
  });
});
