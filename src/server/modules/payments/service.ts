import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { discountAppliesTo } from "../../../contract/discount-codes.js";
import { CRYPTO_DECIMALS, compareDecimal, discountedPrice, formatDecimal } from "../../../contract/money.js";
import {
  type CreateInvoiceRequest,
  type CryptoCurrency,
  type DiscountValidation,
  type InvoiceStatus,
  type InvoiceView,
  invoiceStatusOf,
  isPaidStatus,
  PAYMENT_TEXTS,
  PROVIDER_PATH,
} from "../../../contract/payments.js";
import { type Duration, type PaidTier, PRICES } from "../../../contract/plans.js";
import { durationDays, purchaseRefusal, TIER_NAMES } from "../../../contract/subscriptions.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { cryptoInvoices, discountCodes } from "../../db/schema/index.js";
import { badRequest, HttpError, notFound } from "../../http/errors.js";
import { type CryptoInvoiceUpdate, CryptoProviderError } from "../../integrations/crypto/index.js";
import type { SessionUser } from "../auth/index.js";
import { activatePurchase } from "../subscriptions/index.js";
import { nextInvoiceStatus } from "./invoice-state.js";

type InvoiceRow = typeof cryptoInvoices.$inferSelect;

/** How long a seller has to pay an invoice. */
const INVOICE_EXPIRE_MINUTES = 60;
/** The poller asks about open invoices until this long after they were due. */
const POLL_GRACE_MS = 2 * 86_400_000;
const POLL_BATCH = 100;

function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    txnId: row.txnId,
    status: row.status as InvoiceStatus,
    amount: formatDecimal(row.amount, CRYPTO_DECIMALS),
    pendingAmount: formatDecimal(row.pendingAmount, CRYPTO_DECIMALS),
    currency: row.currency as CryptoCurrency,
    walletHash: row.walletHash,
    invoiceUrl: row.invoiceUrl,
    txUrls: row.txUrls ? (JSON.parse(row.txUrls) as string[]) : [],
    orderNumber: row.orderNumber,
    subscriptionTier: row.subscriptionTier as PaidTier,
    subscriptionDuration: row.subscriptionDuration as Duration,
    sourceAmount: row.sourceAmount,
    discountCode: row.discountCode,
    expectedConfirmations: row.expectedConfirmations,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A discount code the seller may use on this plan now: active, under its usage limit, for this plan. */
export async function validDiscount(db: DbOrTx, code: string, plan: PaidTier): Promise<DiscountValidation> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  if (!row?.isActive) throw badRequest(PAYMENT_TEXTS.discountUnknown);
  if (row.usageCount >= row.maxUsage) throw badRequest(PAYMENT_TEXTS.discountUsedUp);
  if (!discountAppliesTo(row.applicablePlans as "basic" | "pro" | "both", plan))
    throw badRequest(PAYMENT_TEXTS.discountWrongPlan);
  return { code: row.code, discountPercentage: row.discountPercentage };
}

/** A fresh order number: 15 random digits (Plisio wants a number unique in the shop; the table keeps it unique). */
const newOrderNumber = () =>
  String(randomInt(1, 10)) + Array.from({ length: 14 }, () => randomInt(0, 10)).join("");

const orderName = (tier: PaidTier, duration: Duration) =>
  `Autodrop ${TIER_NAMES[tier]} plan, ${duration === "lifetime" ? "lifetime" : `${duration} days`}`;

/**
 * POST /api/plisio/create-invoice: prices the plan (less a valid discount code), opens an invoice at the provider
 * and stores it. A plan made free by its code needs no provider: it is activated at once, with a completed invoice
 * for the payment history.
 */
export async function createInvoice(
  ctx: AppContext,
  user: SessionUser,
  body: CreateInvoiceRequest,
): Promise<InvoiceView> {
  const { subscriptionTier: tier, subscriptionDuration: duration, currency } = body;
  if (!tier || !duration || !currency) throw badRequest(PAYMENT_TEXTS.missingOptions);
  const purchase = { tier, days: durationDays(duration) };
  const refusal = purchaseRefusal(user, purchase, ctx.clock());
  if (refusal) throw badRequest(refusal);
  const typedCode = body.discountCode?.trim();
  const discount = typedCode ? await validDiscount(ctx.db, typedCode.toUpperCase(), tier) : null;
  const price = discount
    ? discountedPrice(PRICES[tier][duration], discount.discountPercentage)
    : PRICES[tier][duration];
  const base = {
    userId: user.id,
    orderNumber: newOrderNumber(),
    subscriptionTier: tier,
    subscriptionDuration: duration,
    sourceAmount: price,
    discountCode: discount?.code ?? null,
    currency,
  };
  if (compareDecimal(price, "0") <= 0) return activateFreeInvoice(ctx, base);

  let created: Awaited<ReturnType<AppContext["providers"]["crypto"]["createInvoice"]>>;
  try {
    created = await ctx.providers.crypto.createInvoice({
      orderNumber: base.orderNumber,
      orderName: orderName(tier, duration),
      currency,
      sourceAmount: price,
      callbackUrl: `${ctx.config.publicUrl}${PROVIDER_PATH}/callback?json=true`,
      expireMinutes: INVOICE_EXPIRE_MINUTES,
      email: user.email,
    });
  } catch (err) {
    if (!(err instanceof CryptoProviderError)) throw err;
    ctx.log.warn({ err: err.message }, "the crypto provider did not open an invoice");
    throw new HttpError(502, PAYMENT_TEXTS.createFailed);
  }
  const [row] = await ctx.db
    .insert(cryptoInvoices)
    .values({
      ...base,
      txnId: created.txnId,
      status: invoiceStatusOf(created.state, created.amount, created.pendingAmount),
      amount: created.amount,
      pendingAmount: created.pendingAmount,
      walletHash: created.walletHash,
      invoiceUrl: created.invoiceUrl,
      txUrls: JSON.stringify(created.txUrls),
      expiresAt: created.expiresAt,
      expectedConfirmations: created.expectedConfirmations,
      createdAt: new Date(ctx.clock()),
      updatedAt: new Date(ctx.clock()),
    })
    .returning();
  return invoiceView(row);
}

async function activateFreeInvoice(
  ctx: AppContext,
  base: Omit<
    typeof cryptoInvoices.$inferInsert,
    "txnId" | "status" | "amount" | "pendingAmount" | "walletHash" | "invoiceUrl"
  >,
): Promise<InvoiceView> {
  const now = new Date(ctx.clock());
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cryptoInvoices)
      .values({
        ...base,
        txnId: `free-${randomUUID()}`,
        status: "completed",
        amount: "0",
        pendingAmount: "0",
        walletHash: "",
        invoiceUrl: "",
        txUrls: "[]",
        provider: "none",
        appliedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await activatePaid(ctx, tx, row);
    return invoiceView(row);
  });
}

/** The plan and the discount code's use count, in the transaction that marks the invoice applied. */
async function activatePaid(ctx: AppContext, tx: Tx, row: InvoiceRow): Promise<void> {
  await activatePurchase(
    ctx,
    tx,
    row.userId,
    { tier: row.subscriptionTier as PaidTier, days: durationDays(row.subscriptionDuration as Duration) },
    { honourPaid: true },
  );
  // Counted when the money is in, never past the limit: a payment quoted before the code ran out is still honoured.
  if (row.discountCode)
    await tx
      .update(discountCodes)
      .set({ usageCount: sql`${discountCodes.usageCount} + 1` })
      .where(
        and(eq(discountCodes.code, row.discountCode), lt(discountCodes.usageCount, discountCodes.maxUsage)),
      );
}

export type UpdateOutcome = "unknown" | "ignored" | "updated" | "activated";

/**
 * Applies what the provider says about an invoice (a callback or the poller), in one transaction with the invoice
 * row locked: duplicates and races serialise on it, and applied_at makes the plan activate once.
 */
export async function applyInvoiceUpdate(
  ctx: AppContext,
  update: CryptoInvoiceUpdate,
): Promise<UpdateOutcome> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cryptoInvoices)
      .where(eq(cryptoInvoices.txnId, update.txnId))
      .for("update");
    if (!row) return "unknown";
    if (update.orderNumber && update.orderNumber !== row.orderNumber) {
      ctx.log.warn({ txnId: row.txnId }, "a provider update names another order number: ignored");
      return "ignored";
    }
    const current = row.status as InvoiceStatus;
    const status = nextInvoiceStatus(
      current,
      invoiceStatusOf(update.state, row.amount, update.pendingAmount),
    );
    const activate = isPaidStatus(status) && row.appliedAt === null;
    const unchanged =
      status === current &&
      compareDecimal(row.pendingAmount, update.pendingAmount) === 0 &&
      (update.expiresAt?.getTime() ?? null) === (row.expiresAt?.getTime() ?? null);
    if (unchanged && !activate) return "ignored";
    const now = new Date(ctx.clock());
    const [updated] = await tx
      .update(cryptoInvoices)
      .set({
        status,
        ...(isPaidStatus(current) ? {} : { pendingAmount: update.pendingAmount }),
        txUrls: JSON.stringify([...new Set([...invoiceView(row).txUrls, ...update.txUrls])]),
        ...(update.expiresAt ? { expiresAt: update.expiresAt } : {}),
        updatedAt: now,
        ...(activate ? { appliedAt: now } : {}),
      })
      .where(eq(cryptoInvoices.txnId, row.txnId))
      .returning();
    if (activate) await activatePaid(ctx, tx, updated);
    await ctx.events.publish({ userId: row.userId, type: "user" }, tx);
    return activate ? "activated" : "updated";
  });
}

/** GET /api/plisio/invoice/{txnId}: the seller's own invoice only; anyone else's is not found. */
export async function ownInvoice(ctx: AppContext, userId: string, txnId: string): Promise<InvoiceView> {
  const [row] = await ctx.db
    .select()
    .from(cryptoInvoices)
    .where(and(eq(cryptoInvoices.txnId, txnId), eq(cryptoInvoices.userId, userId)));
  if (!row) throw notFound(PAYMENT_TEXTS.invoiceNotFound);
  return invoiceView(row);
}

/** GET /api/plisio/user-invoices: the payment history, newest first. */
export async function userInvoices(ctx: AppContext, userId: string): Promise<InvoiceView[]> {
  const rows = await ctx.db
    .select()
    .from(cryptoInvoices)
    .where(eq(cryptoInvoices.userId, userId))
    .orderBy(desc(cryptoInvoices.createdAt))
    .limit(100);
  return rows.map(invoiceView);
}

/**
 * The poller: asks the provider about open invoices, in case callbacks were lost, until shortly after they were
 * due; the provider's answer (paid, part paid, expired) is applied as a callback's would be.
 */
export async function pollOpenInvoices(ctx: AppContext): Promise<Record<UpdateOutcome | "failed", number>> {
  const tally = { unknown: 0, ignored: 0, updated: 0, activated: 0, failed: 0 };
  const open = await ctx.db
    .select({ txnId: cryptoInvoices.txnId })
    .from(cryptoInvoices)
    .where(
      and(
        inArray(cryptoInvoices.status, ["pending", "partial"]),
        or(
          isNull(cryptoInvoices.expiresAt),
          gt(cryptoInvoices.expiresAt, new Date(ctx.clock() - POLL_GRACE_MS)),
        ),
      ),
    )
    .orderBy(cryptoInvoices.updatedAt)
    .limit(POLL_BATCH);
  for (const { txnId } of open) {
    try {
      const update = await ctx.providers.crypto.getInvoice(txnId);
      tally[update ? await applyInvoiceUpdate(ctx, update) : "unknown"] += 1;
    } catch (err) {
      tally.failed += 1;
      ctx.log.warn(
        { txnId, err: err instanceof Error ? err.message : String(err) },
        "polling an invoice failed",
      );
    }
  }
  return tally;
}
