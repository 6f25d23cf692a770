import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at } from "../../src/server/db/rows.js";
import { cryptoInvoices, discountCodes, users } from "../../src/server/db/schema/index.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import {
  addDiscountCode,
  createInvoice,
  invoiceOf,
  NOW,
  planOf,
  postCallback,
  proFor90Days,
  sandboxAction,
  signedCallback,
  storedInvoice,
} from "./payments-fixtures.js";

async function codeRow(app: Parameters<typeof storedInvoice>[0], code: string) {
  const [row] = await app.ctx.db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

async function holdLifetime(app: Parameters<typeof storedInvoice>[0], userId: string) {
  await app.ctx.db
    .update(users)
    .set({ subscriptionTier: "pro", subscriptionExpiry: null })
    .where(eq(users.id, userId));
}

/** The callback Plisio would send now about an invoice, with the stored order number and currency. */
async function callbackFor(
  app: Parameters<typeof storedInvoice>[0],
  txnId: string,
  fields: Record<string, unknown>,
) {
  const stored = await storedInvoice(app, txnId);
  return signedCallback(app, {
    txn_id: txnId,
    order_number: stored.orderNumber,
    currency: stored.currency,
    amount: stored.amount,
    ...fields,
  });
}

// Row locks only mean something with real concurrent connections: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)("discount-code limits under concurrency on postgres", () => {
  const t = useTestApp("postgres", { clock: () => NOW });

  it("a 100% code limited to 3, raced by 8 sellers twice each: 3 free plans, the rest refused, no 5xx", async () => {
    await addDiscountCode(t.app, "FREE3", { discountPercentage: 100, maxUsage: 3 });
    const sellers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(t.app, `Free3Racer${i}`)));
    const answers = await Promise.all(
      sellers.flatMap((seller) =>
        ["30", "90"].map((duration) =>
          createInvoice(t.app, seller, {
            subscriptionTier: "pro",
            subscriptionDuration: duration,
            currency: "BTC",
            discountCode: "FREE3",
          }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().error)).toEqual(
      Array(13).fill("This discount code has reached its usage limit"),
    );
    const plans = await Promise.all(sellers.map((s) => planOf(t.app, s.userId)));
    const upgraded = plans.filter((p) => p.tier === "pro");
    expect(upgraded.length).toBeLessThanOrEqual(3);
    const paid = await t.app.ctx.db
      .select()
      .from(cryptoInvoices)
      .where(eq(cryptoInvoices.discountCode, "FREE3"));
    expect(paid).toHaveLength(3);
    expect(await codeRow(t.app, "FREE3")).toMatchObject({ usageCount: 3, reservedCount: 0 });
  });

  it("sellers racing themselves with several free codes at once: one lock order, no deadlock, no 5xx", async () => {
    const codes = ["FREEA", "FREEB", "FREEC", "FREED"];
    for (const code of codes) await addDiscountCode(t.app, code, { discountPercentage: 100, maxUsage: 10 });
    const sellers = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(t.app, `SelfRacer${i}`)));
    const answers = await Promise.all(
      sellers.flatMap((seller) =>
        codes.map((code) =>
          createInvoice(t.app, seller, {
            subscriptionTier: "basic",
            subscriptionDuration: "30",
            currency: "BTC",
            discountCode: code,
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
    for (const seller of sellers) expect((await planOf(t.app, seller.userId)).tier).toBe("basic");
  });

  it("a 50% code limited to 2, raced by 6 sellers: 2 invoices hold it, paying them uses it twice, never more", async () => {
    await addDiscountCode(t.app, "HALF2", { discountPercentage: 50, maxUsage: 2 });
    const sellers = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(t.app, `Half2Racer${i}`)));
    const answers = await Promise.all(
      sellers.map((seller) =>
        createInvoice(t.app, seller, {
          subscriptionTier: "pro",
          subscriptionDuration: "90",
          currency: "BTC",
          discountCode: "HALF2",
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const opened = answers.filter((a) => a.statusCode === 200).map((a) => a.json().txnId as string);
    expect(opened).toHaveLength(2);
    expect(await codeRow(t.app, "HALF2")).toMatchObject({ usageCount: 0, reservedCount: 2 });
    // Paying both (callbacks racing each other) consumes the two reservations.
    const paid = await Promise.all(
      opened.map(async (txnId) =>
        postCallback(t.app, await callbackFor(t.app, txnId, { status: "completed", pending_amount: "0" })),
      ),
    );
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    expect(await codeRow(t.app, "HALF2")).toMatchObject({ usageCount: 2, reservedCount: 0 });
  });

  it("an expired invoice gives its reserved use back; creations, payments and expiries racing never deadlock", async () => {
    await addDiscountCode(t.app, "ONE", { discountPercentage: 20, maxUsage: 1 });
    const first = await signIn(t.app, "OneFirst");
    const second = await signIn(t.app, "OneSecond");
    const held = await proFor90Days(t.app, first, { discountCode: "ONE" });
    const refused = await createInvoice(t.app, second, {
      subscriptionTier: "pro",
      subscriptionDuration: "90",
      currency: "BTC",
      discountCode: "ONE",
    });
    expect(refused.statusCode).toBe(400);
    await sandboxAction(t.app, held.txnId, { type: "expire" });
    expect(await codeRow(t.app, "ONE")).toMatchObject({ usageCount: 0, reservedCount: 0 });
    expect((await proFor90Days(t.app, second, { discountCode: "ONE" })).sourceAmount).toBe("39.99");

    // Each seller's own creation and payment race on the same rows: one lock order, so all answer.
    const racers = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(t.app, `LockRacer${i}`)));
    const invoices = await Promise.all(racers.map((r) => proFor90Days(t.app, r)));
    const answers = await Promise.all(
      racers.flatMap((racer, i) => [
        callbackFor(t.app, at(invoices, i).txnId, { status: "completed", pending_amount: "0" }).then((cb) =>
          postCallback(t.app, cb),
        ),
        createInvoice(t.app, racer, {
          subscriptionTier: "basic",
          subscriptionDuration: "30",
          currency: "LTC",
          discountCode: null,
        }),
      ]),
    );
    expect(answers.map((a) => a.statusCode).filter((c) => c >= 500)).toEqual([]);
    for (const racer of racers) expect((await planOf(t.app, racer.userId)).tier).toBe("pro");
  });
});

describe.each(DRIVERS)("no money taken for nothing (%s)", (driver) => {
  let now = NOW;
  const t = useTestApp(driver, { clock: () => now });

  it("a lifetime holder cannot open an invoice: a clear 400", async () => {
    const seller = await signIn(t.app, "HoldsLifetime");
    await holdLifetime(t.app, seller.userId);
    const res = await createInvoice(t.app, seller, {
      subscriptionTier: "pro",
      subscriptionDuration: "30",
      currency: "BTC",
      discountCode: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Your Pro plan is already lifetime" });
  });

  it("a second invoice paid after lifetime is recorded to refund, shown to the seller and listed for admins", async () => {
    const seller = await signIn(t.app, "PaysTwice");
    const admin = await signIn(t.app, "SettleAdmin", { admin: true });
    const lifetime = await proFor90Days(t.app, seller, { subscriptionDuration: "lifetime" });
    const month = await proFor90Days(t.app, seller, { subscriptionDuration: "30" });
    for (const txnId of [lifetime.txnId, month.txnId]) {
      await sandboxAction(t.app, txnId, { type: "pay", kind: "full" });
      await sandboxAction(t.app, txnId, { type: "confirm" });
    }
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "pro", expiry: null });
    const shown = (await invoiceOf(t.app, seller, month.txnId)).json();
    expect(shown.status).toBe("completed");
    expect(shown.toSettle).toEqual([{ kind: "plan_unchanged", amount: month.amount, settledAt: null }]);

    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/payments-to-settle",
      headers: admin.headers,
    });
    const entry = list.json().find((p: { txnId: string }) => p.txnId === month.txnId);
    expect(entry).toMatchObject({
      username: "PaysTwice",
      kind: "plan_unchanged",
      amount: month.amount,
      settledAt: null,
    });
    const settled = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/payments-to-settle/${entry.id}`,
      headers: admin.headers,
      payload: { note: "Refunded in tx abc" },
    });
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ settledNote: "Refunded in tx abc" });
    const again = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/payments-to-settle/${entry.id}`,
      headers: admin.headers,
      payload: { note: "twice" },
    });
    expect(again.statusCode).toBe(409);
    expect((await invoiceOf(t.app, seller, month.txnId)).json().toSettle[0].settledAt).not.toBeNull();
    const asSeller = await t.app.inject({
      method: "GET",
      url: "/api/admin/payments-to-settle",
      headers: seller.headers,
    });
    expect(asSeller.statusCode).toBe(403);
  });

  it("an underpayment that expired shows what was received and is recorded to refund; a payment after expiry too", async () => {
    const seller = await signIn(t.app, "PaysHalf");
    const created = await proFor90Days(t.app, seller);
    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "part" });
    await sandboxAction(t.app, created.txnId, { type: "confirm" });
    await sandboxAction(t.app, created.txnId, { type: "expire" });
    const expired = (await invoiceOf(t.app, seller, created.txnId)).json();
    expect(expired.status).toBe("expired");
    expect(Number(expired.receivedAmount)).toBeGreaterThan(0);
    expect(expired.toSettle).toEqual([
      { kind: "underpaid_expired", amount: expired.receivedAmount, settledAt: null },
    ]);

    const late = await proFor90Days(t.app, seller, { currency: "ETH" });
    await sandboxAction(t.app, late.txnId, { type: "expire" });
    const paidLate = await postCallback(
      t.app,
      await callbackFor(t.app, late.txnId, { status: "completed", pending_amount: "0" }),
    );
    expect(paidLate.statusCode).toBe(200);
    const view = (await invoiceOf(t.app, seller, late.txnId)).json();
    expect(view).toMatchObject({ status: "expired", receivedAmount: late.amount });
    expect(view.toSettle).toEqual([{ kind: "paid_after_expiry", amount: late.amount, settledAt: null }]);
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });
  });

  it("an overpayment activates the plan and records the surplus to refund", async () => {
    const seller = await signIn(t.app, "PaysTooMuch");
    const created = await proFor90Days(t.app, seller, { currency: "LTC" });
    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "over" });
    await sandboxAction(t.app, created.txnId, { type: "confirm" });
    const view = (await invoiceOf(t.app, seller, created.txnId)).json();
    expect(view.status).toBe("mismatch");
    expect((await planOf(t.app, seller.userId)).tier).toBe("pro");
    expect(view.toSettle).toHaveLength(1);
    expect(view.toSettle[0].kind).toBe("overpaid");
    expect(Number(view.toSettle[0].amount)).toBeCloseTo(Number(created.amount) / 10, 8);
  });

  it("believes a callback only when txn, order number, currency and amount agree, and a short 'completed' is a part", async () => {
    const seller = await signIn(t.app, "CallbackChecks");
    const created = await proFor90Days(t.app, seller, { subscriptionDuration: "30" });
    const paidInFull = { status: "completed", pending_amount: "0" };
    for (const wrong of [
      { order_number: "111111111111111" },
      { currency: "LTC" },
      { amount: "0.00000001" },
    ]) {
      const cb = await callbackFor(t.app, created.txnId, { ...paidInFull, ...wrong });
      expect((await postCallback(t.app, cb)).statusCode).toBe(200);
      expect((await storedInvoice(t.app, created.txnId)).status).toBe("pending");
    }
    const half = (Number(created.amount) / 2).toFixed(8);
    for (const status of ["completed", "mismatch"]) {
      await postCallback(
        t.app,
        await callbackFor(t.app, created.txnId, { status, pending_amount: half, confirmations: "1" }),
      );
      expect((await storedInvoice(t.app, created.txnId)).status).toBe("partial");
    }
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });
    // Without pending_amount a callback cannot say what arrived: the app asks Plisio, which says nothing did.
    const { pending_amount: _, ...bare } = { ...paidInFull };
    await postCallback(t.app, await callbackFor(t.app, created.txnId, bare));
    expect(await planOf(t.app, seller.userId)).toEqual({ tier: "free", expiry: null });
  });

  it("one invoice per intent: the same request at once or within a minute returns the open invoice", async () => {
    const seller = await signIn(t.app, "DoubleClicks");
    const body = {
      subscriptionTier: "basic",
      subscriptionDuration: "90",
      currency: "BTC",
      discountCode: null,
    };
    const [a, b] = await Promise.all([
      createInvoice(t.app, seller, body),
      createInvoice(t.app, seller, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().txnId).toBe(a.json().txnId);
    now += 30_000;
    expect((await createInvoice(t.app, seller, body)).json().txnId).toBe(a.json().txnId);
    const other = await createInvoice(t.app, seller, { ...body, currency: "ETH" });
    expect(other.json().txnId).not.toBe(a.json().txnId);
    now += 61_000;
    expect((await createInvoice(t.app, seller, body)).json().txnId).not.toBe(a.json().txnId);
  });

  it("rate-limits discount-code checks per seller: 30 a minute, then 429 with Retry-After", async () => {
    const seller = await signIn(t.app, "GuessesCodes");
    const other = await signIn(t.app, "GuessesOnce");
    const guess = (who: typeof seller, i: number) =>
      t.app.inject({
        method: "GET",
        url: `/api/discount-codes/validate?code=GUESS${i}&plan=pro`,
        headers: who.headers,
      });
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await guess(seller, i));
    expect(answers.slice(0, 30).map((a) => a.statusCode)).toEqual(Array(30).fill(400));
    expect(at(answers, 30).statusCode).toBe(429);
    expect(Number(at(answers, 30).headers["retry-after"])).toBeGreaterThan(0);
    expect((await guess(other, 0)).statusCode).toBe(400);
  });
});
