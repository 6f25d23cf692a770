import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { cryptoInvoices, discountCodes } from "../../src/server/db/schema/index.js";
import { useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { addDiscountCode, createInvoice, NOW, postCallback, signedCallback } from "./payments-fixtures.js";

/**
 * The payment-safety figures of docs/payments.md: sellers racing to open invoices with limited codes (a free one and
 * a half-price one), each paying what it got at once, every answer counted. Run on the local PostgreSQL with
 * TEST_DATABASE_URL set; it prints its tally.
 */
const SELLERS = 40;
const LIMIT = 5;

describe.skipIf(!process.env.TEST_DATABASE_URL)("payment safety race on postgres", () => {
  const t = useTestApp("postgres", { clock: () => NOW });

  it(`${SELLERS} sellers race for two codes limited to ${LIMIT}: none over its limit, no 5xx`, async () => {
    await addDiscountCode(t.app, "RACEFREE", { discountPercentage: 100, maxUsage: LIMIT });
    await addDiscountCode(t.app, "RACEHALF", { discountPercentage: 50, maxUsage: LIMIT });
    const sellers = await Promise.all(Array.from({ length: SELLERS }, (_, i) => signIn(t.app, `Racer${i}`)));
    const started = performance.now();
    const statuses: number[] = [];
    await Promise.all(
      sellers.map(async (seller, i) => {
        const tries = ["RACEFREE", "RACEHALF"].flatMap((code) =>
          ["30", "90"].map((duration) =>
            createInvoice(t.app, seller, {
              subscriptionTier: i % 2 ? "pro" : "basic",
              subscriptionDuration: duration,
              currency: "BTC",
              discountCode: code,
            }),
          ),
        );
        for (const answer of await Promise.all(tries)) {
          statuses.push(answer.statusCode);
          if (answer.statusCode !== 200 || answer.json().amount === "0.00000000") continue;
          const [row = missing("row")] = await t.app.ctx.db
            .select()
            .from(cryptoInvoices)
            .where(eq(cryptoInvoices.txnId, answer.json().txnId));
          const paid = await postCallback(
            t.app,
            signedCallback(t.app, {
              txn_id: row.txnId,
              order_number: row.orderNumber,
              currency: row.currency,
              amount: row.amount,
              status: "completed",
              pending_amount: "0",
            }),
          );
          statuses.push(paid.statusCode);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const codes = await t.app.ctx.db
      .select()
      .from(discountCodes)
      .where(inArray(discountCodes.code, ["RACEFREE", "RACEHALF"]));
    const withCode = await t.app.ctx.db
      .select({ code: cryptoInvoices.discountCode, status: cryptoInvoices.status })
      .from(cryptoInvoices)
      .where(inArray(cryptoInvoices.discountCode, ["RACEFREE", "RACEHALF"]));
    const overLimit = codes.filter(
      (c) =>
        c.usageCount + c.reservedCount > c.maxUsage ||
        withCode.filter((w) => w.code === c.code).length > c.maxUsage,
    ).length;
    const tally = {
      requests: statuses.length,
      ok: statuses.filter((s) => s === 200).length,
      refused400: statuses.filter((s) => s === 400).length,
      errors5xx: statuses.filter((s) => s >= 500).length,
      codesOverLimit: overLimit,
      invoicesWithCodes: withCode.length,
      usage: Object.fromEntries(
        codes.map((c) => [c.code, `${c.usageCount} used, ${c.reservedCount} reserved / ${c.maxUsage}`]),
      ),
      seconds: Number(seconds.toFixed(2)),
    };
    console.log("payment safety race:", JSON.stringify(tally));
    expect(tally.errors5xx).toBe(0);
    expect(tally.codesOverLimit).toBe(0);
    expect(withCode).toHaveLength(2 * LIMIT);
  });
});
