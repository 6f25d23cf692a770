import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { App } from "../../src/server/app.js";
import { missing } from "../../src/server/db/rows.js";
import { cryptoInvoices, discountCodes, users } from "../../src/server/db/schema/index.js";
import { type SignedIn, uniqueIp } from "./helpers.js";

/** The instant payment tests run at (the emulator reads the same clock). */
export const NOW = Date.parse("2030-06-01T12:00:00.000Z");
export const DAY = 86_400_000;

export async function createInvoice(app: App, who: SignedIn, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: "/api/plisio/create-invoice",
    headers: who.headers,
    payload: body,
    // Its own address each: racing tests open more invoices than one address may (create-invoice is limited per IP).
    remoteAddress: uniqueIp(),
  });
}

export async function proFor90Days(app: App, who: SignedIn, extra: Record<string, unknown> = {}) {
  const res = await createInvoice(app, who, {
    subscriptionTier: "pro",
    subscriptionDuration: "90",
    currency: "BTC",
    discountCode: null,
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`create-invoice: ${res.statusCode} ${res.body}`);
  return res.json() as {
    txnId: string;
    amount: string;
    pendingAmount: string;
    status: string;
    sourceAmount: string;
  };
}

/** A tester's action on the emulator's invoice (pay all, a part, too much; confirm; expire). */
export async function sandboxAction(app: App, txnId: string, action: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url: `/__sandbox/plisio/invoices/${txnId}/actions`,
    payload: action,
  });
  if (res.statusCode !== 200) throw new Error(`sandbox action: ${res.statusCode} ${res.body}`);
  return res.json() as { invoice: { status: string }; callback: { lastStatus: number | null } | null };
}

export async function invoiceOf(app: App, who: SignedIn, txnId: string) {
  return app.inject({ method: "GET", url: `/api/plisio/invoice/${txnId}`, headers: who.headers });
}

export async function planOf(app: App, userId: string) {
  const [row] = await app.ctx.db
    .select({ tier: users.subscriptionTier, expiry: users.subscriptionExpiry })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function storedInvoice(app: App, txnId: string) {
  const [row = missing("row")] = await app.ctx.db
    .select()
    .from(cryptoInvoices)
    .where(eq(cryptoInvoices.txnId, txnId));
  return row;
}

export async function addDiscountCode(
  app: App,
  code: string,
  values: Partial<typeof discountCodes.$inferInsert> = {},
) {
  await app.ctx.db
    .insert(discountCodes)
    .values({ code, discountPercentage: 20, applicablePlans: "both", maxUsage: 100, ...values });
}

export async function usageOf(app: App, code: string) {
  const [row = missing("row")] = await app.ctx.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  return row.usageCount;
}

/**
 * A callback as Plisio's documentation signs it (HMAC-SHA1 of JSON.stringify of the body, keys in order), with the
 * app's (sandbox) secret key unless another is given.
 */
export function signedCallback(
  app: App,
  fields: Record<string, unknown>,
  secret = app.ctx.config.cryptoProviderApiKey,
) {
  const body = { ipn_type: "invoice", source_currency: "USD", currency: "BTC", ...fields };
  return { ...body, verify_hash: createHmac("sha1", secret).update(JSON.stringify(body)).digest("hex") };
}

export function postCallback(app: App, body: unknown) {
  return app.inject({ method: "POST", url: "/api/plisio/callback?json=true", payload: body as object });
}
