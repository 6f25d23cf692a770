import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import {
  type ApplicablePlans,
  discountAppliesTo,
  normalizeDiscountCode,
} from "../../../contract/discount-codes.js";
import {
  CRYPTO_DECIMALS,
  compareDecimal,
  discountedPrice,
  formatDecimal,
  subtractDecimal,
} from "../../../contract/money.js";
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
  type SettlementKind,
} from "../../../contract/payments.js";
import { type Duration, type PaidTier, PRICES } from "../../../contract/plans.js";
import { durationDays, purchaseRefusal, TIER_NAMES } from "../../../contract/subscriptions.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import {
  cryptoInvoices,
  discountCodes,
  invoiceRequests,
  paymentsToSettle,
} from "../../db/schema/payments.js";
import { badRequest, HttpError, notFound } from "../../http/errors.js";
import {
  type CryptoInvoice,
  type CryptoInvoiceUpdate,
  CryptoProviderError,
} from "../../integrations/crypto/index.js";
import { lockUser, type SessionUser } from "../auth/index.js";
import { activatePurchase } from "../subscriptions/index.js";
import { decideInvoiceUpdate, type InvoiceDecision } from "./invoice-state.js";

type InvoiceRow = typeof cryptoInvoices.$inferSelect;

/** How long a seller has to pay an invoice. */
const INVOICE_EXPIRE_MINUTES = 60;
/** The poller asks about open invoices until this long after they were due. */
const POLL_GRACE_MS = 2 * 86_400_000;
const POLL_BATCH = 100;

type SettlementRow = typeof paymentsToSettle.$inferSelect;

function invoiceView(row: InvoiceRow, settlements: SettlementRow[] = []): InvoiceView {
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
    receivedAmount: formatDecimal(row.receivedAmount, CRYPTO_DECIMALS),
    awaitingConfirmation: row.awaitingConfirmation,
    toSettle: settlements.map((s) => ({
      kind: s.kind as SettlementKind,
      amount: formatDecimal(s.amount, CRYPTO_DECIMALS),
      settledAt: s.settledAt?.toISOString() ?? null,
    })),
  };
}

type CodeRow = typeof discountCodes.$inferSelect;

/** Why a code cannot be used on this plan now, or null: active, uses left (used and reserved), for this plan. */
function discountRefusal(row: CodeRow | undefined, plan: PaidTier): string | null {
  if (!row?.isActive) return PAYMENT_TEXTS.discountUnknown;
  if (row.usageCount + row.reservedCount >= row.maxUsage) return PAYMENT_TEXTS.discountUsedUp;
  if (!discountAppliesTo(row.applicablePlans as ApplicablePlans, plan))
    return PAYMENT_TEXTS.discountWrongPlan;
  return null;
}

/** A discount code the seller may use on this plan now: active, with uses left, for this plan. */
export async function validDiscount(db: DbOrTx, code: string, plan: PaidTier): Promise<DiscountValidation> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const refusal = discountRefusal(row, plan);
  if (refusal || !row) throw badRequest(refusal ?? PAYMENT_TEXTS.discountUnknown);
  return { code: row.code, discountPercentage: row.discountPercentage };
}

/** A fresh order number: 15 random digits (Plisio wants a number unique in the shop; the table keeps it unique). */
const newOrderNumber = () =>
  String(randomInt(1, 10)) + Array.from({ length: 14 }, () => randomInt(0, 10)).join("");

const orderName = (tier: PaidTier, duration: Duration) =>
  `Autodrop ${TIER_NAMES[tier]} plan, ${duration === "lifetime" ? "lifetime" : `${duration} days`}`;

/*
 * Lock order, everywhere an invoice, a plan or a code changes (decision 039): the seller's row, then the discount
 * code's row, then the invoice's row. Taking the seller first also keeps an invoice insert (whose foreign key share-
 * locks the seller) from waiting on a seller another transaction then wants to update: no deadlocks.
 */
async function lockSeller(tx: Tx, userId: string) {
  const row = await lockUser(tx, userId);
  if (!row) throw notFound("User not found");
  return row;
}

async function lockCode(tx: Tx, code: string): Promise<CodeRow | undefined> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for("update");
  return row;
}

/** Moves a code's use between reserved, used and free, in the transaction holding the code's row. */
async function moveCodeUse(tx: Tx, code: string, change: { reserved: number; used: number }): Promise<void> {
  await tx
    .update(discountCodes)
    .set({
      reservedCount: sql`${discountCodes.reservedCount} + ${change.reserved}`,
      usageCount: sql`${discountCodes.usageCount} + ${change.used}`,
    })
    .where(eq(discountCodes.code, code));
}

/** The same request again within this long returns the invoice it opened (one invoice per intent). */
const SAME_INTENT_MS = 60_000;
/** How long a repeat waits for the first request's invoice while the provider opens it. */
const IN_FLIGHT_WAIT_MS = 20_000;
const IN_FLIGHT_POLL_MS = 200;

interface Intent {
  tier: PaidTier;
  duration: Duration;
  currency: CryptoCurrency;
  code: string | null;
}

/** The seller's open invoice for this intent opened within the last minute, if any. */
async function openInvoiceFor(db: DbOrTx, userId: string, intent: Intent, now: number) {
  const [row] = await db
    .select()
    .from(cryptoInvoices)
    .where(
      and(
        eq(cryptoInvoices.userId, userId),
        eq(cryptoInvoices.subscriptionTier, intent.tier),
        eq(cryptoInvoices.subscriptionDuration, intent.duration),
        eq(cryptoInvoices.currency, intent.currency),
        intent.code ? eq(cryptoInvoices.discountCode, intent.code) : isNull(cryptoInvoices.discountCode),
        inArray(cryptoInvoices.status, ["pending", "partial"]),
        gte(cryptoInvoices.createdAt, new Date(now - SAME_INTENT_MS)),
      ),
    )
    .orderBy(desc(cryptoInvoices.createdAt))
    .limit(1);
  return row;
}

type Quote =
  | { kind: "existing"; view: InvoiceView }
  | { kind: "inFlight" }
  | { kind: "open"; price: string; code: string | null };

/**
 * POST /api/plisio/create-invoice: prices the plan (less a code with uses left, whose use it reserves), opens an
 * invoice at the provider and stores it. The same request within a minute returns the invoice it opened. A plan made
 * free by its code needs no provider: it is activated at once, in the transaction that uses the code, with a
 * completed invoice for the payment history.
 */
export async function createInvoice(
  ctx: AppContext,
  user: SessionUser,
  body: CreateInvoiceRequest,
): Promise<InvoiceView> {
  const { subscriptionTier: tier, subscriptionDuration: duration, currency } = body;
  if (!tier || !duration || !currency) throw badRequest(PAYMENT_TEXTS.missingOptions);
  const typedCode = body.discountCode?.trim();
  const intent: Intent = {
    tier,
    duration,
    currency,
    code: typedCode ? normalizeDiscountCode(typedCode) : null,
  };
  const intentKey = JSON.stringify(intent);
  const now = ctx.clock();

  const quote = await ctx.db.transaction(async (tx): Promise<Quote | InvoiceView> => {
    const plan = await lockSeller(tx, user.id);
    const refusal = purchaseRefusal(plan, { tier, days: durationDays(duration) }, now);
    if (refusal) throw badRequest(refusal);
    const existing = await openInvoiceFor(tx, user.id, intent, now);
    if (existing) return { kind: "existing", view: invoiceView(existing) };
    const [request] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.userId, user.id));
    if (request?.intent === intentKey && request.startedAt.getTime() > now - SAME_INTENT_MS)
      return { kind: "inFlight" };

    let price = PRICES[tier][duration];
    if (intent.code) {
      const code = await lockCode(tx, intent.code);
      const codeRefusal = discountRefusal(code, tier);
      if (!code || codeRefusal) throw badRequest(codeRefusal ?? PAYMENT_TEXTS.discountUnknown);
      price = discountedPrice(price, code.discountPercentage);
      if (compareDecimal(price, "0") <= 0)
        return activateFreeInvoice(ctx, tx, user.id, { ...intent, code: intent.code }, price);
      await moveCodeUse(tx, intent.code, { reserved: 1, used: 0 });
    }
    const startedAt = new Date(now);
    await tx
      .insert(invoiceRequests)
      .values({ userId: user.id, intent: intentKey, startedAt })
      .onConflictDoUpdate({ target: invoiceRequests.userId, set: { intent: intentKey, startedAt } });
    return { kind: "open", price, code: intent.code };
  });
  if ("txnId" in quote) return quote;
  if (quote.kind === "existing") return quote.view;
  if (quote.kind === "inFlight") return awaitInFlight(ctx, user.id, intent, now);
  return openAtProvider(ctx, user, intent, quote.price);
}

/** A repeat of a request still being opened: the first one's invoice once stored. */
async function awaitInFlight(
  ctx: AppContext,
  userId: string,
  intent: Intent,
  now: number,
): Promise<InvoiceView> {
  for (let waited = 0; waited < IN_FLIGHT_WAIT_MS; waited += IN_FLIGHT_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    const row = await openInvoiceFor(ctx.db, userId, intent, now);
    if (row) return invoiceView(row);
    const [request] = await ctx.db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, userId));
    if (!request) break;
  }
  throw new HttpError(502, PAYMENT_TEXTS.createFailed);
}

async function openAtProvider(
  ctx: AppContext,
  user: SessionUser,
  intent: Intent,
  price: string,
): Promise<InvoiceView> {
  const orderNumber = newOrderNumber();
  let created: CryptoInvoice;
  try {
    created = await ctx.providers.crypto.createInvoice({
      orderNumber,
      orderName: orderName(intent.tier, intent.duration),
      currency: intent.currency,
      sourceAmount: price,
      callbackUrl: `${ctx.config.publicUrl}${PROVIDER_PATH}/callback?json=true`,
      expireMinutes: INVOICE_EXPIRE_MINUTES,
      email: user.email,
    });
  } catch (err) {
    await releaseQuote(ctx, user.id, intent.code);
    if (!(err instanceof CryptoProviderError)) throw err;
    ctx.log.warn({ err: err.message }, "the crypto provider did not open an invoice");
    throw new HttpError(502, PAYMENT_TEXTS.createFailed);
  }
  const now = new Date(ctx.clock());
  return ctx.db.transaction(async (tx) => {
    const [row = missing("the inserted cryptoInvoices row")] = await tx
      .insert(cryptoInvoices)
      .values({
        userId: user.id,
        orderNumber,
        subscriptionTier: intent.tier,
        subscriptionDuration: intent.duration,
        sourceAmount: price,
        discountCode: intent.code,
        discountState: intent.code ? "reserved" : null,
        currency: intent.currency,
        txnId: created.txnId,
        status: invoiceStatusOf(created.state, created.amount, created.received),
        amount: created.amount,
        pendingAmount: created.pendingAmount,
        receivedAmount: created.received,
        walletHash: created.walletHash,
        invoiceUrl: created.invoiceUrl,
        txUrls: JSON.stringify(created.txUrls),
        expiresAt: created.expiresAt,
        expectedConfirmations: created.expectedConfirmations,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.delete(invoiceRequests).where(eq(invoiceRequests.userId, user.id));
    return invoiceView(row);
  });
}

/** The provider opened nothing: the reserved use goes back, and the request is no longer in flight. */
async function releaseQuote(ctx: AppContext, userId: string, code: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (code && (await lockCode(tx, code))) await moveCodeUse(tx, code, { reserved: -1, used: 0 });
    await tx.delete(invoiceRequests).where(eq(invoiceRequests.userId, userId));
  });
}

/** A plan its code makes free, in the transaction holding the seller's and the code's rows: used and activated. */
async function activateFreeInvoice(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  intent: Intent & { code: string },
  price: string,
): Promise<InvoiceView> {
  const now = new Date(ctx.clock());
  await moveCodeUse(tx, intent.code, { reserved: 0, used: 1 });
  const [row = missing("the inserted cryptoInvoices row")] = await tx
    .insert(cryptoInvoices)
    .values({
      userId,
      orderNumber: newOrderNumber(),
      subscriptionTier: intent.tier,
      subscriptionDuration: intent.duration,
      sourceAmount: price,
      discountCode: intent.code,
      discountState: "consumed",
      currency: intent.currency,
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
  await activatePurchase(ctx, tx, userId, { tier: intent.tier, days: durationDays(intent.duration) });
  return invoiceView(row);
}

export type UpdateOutcome = "unknown" | "ignored" | "updated" | "activated";

/** Why an update is not about this invoice as we stored it (txn, order number, currency, total), or null. */
function disagreement(row: InvoiceRow, update: CryptoInvoiceUpdate): string | null {
  if (update.orderNumber !== row.orderNumber) return "order number";
  if (update.currency !== row.currency) return "currency";
  if (!update.amount || compareDecimal(update.amount, row.amount) !== 0) return "amount";
  return null;
}

/**
 * Applies what the provider says about an invoice (a callback or the poller) once it agrees with the stored invoice,
 * in one transaction taking the seller's, the code's and the invoice's rows in that order: duplicates and races
 * serialise, applied_at makes the plan activate once, the code's use is consumed or released with it, and money that
 * cannot buy what it was for is recorded to settle (decisions 039, 040).
 */
export async function applyInvoiceUpdate(
  ctx: AppContext,
  update: CryptoInvoiceUpdate,
): Promise<UpdateOutcome> {
  const [owner] = await ctx.db
    .select({ userId: cryptoInvoices.userId, discountCode: cryptoInvoices.discountCode })
    .from(cryptoInvoices)
    .where(eq(cryptoInvoices.txnId, update.txnId));
  if (!owner) return "unknown";
  return ctx.db.transaction(async (tx) => {
    await lockSeller(tx, owner.userId);
    if (owner.discountCode) await lockCode(tx, owner.discountCode);
    const [row = missing("the cryptoInvoices row")] = await tx
      .select()
      .from(cryptoInvoices)
      .where(eq(cryptoInvoices.txnId, update.txnId))
      .for("update");
    const differs = disagreement(row, update);
    if (differs) {
      ctx.log.warn(
        { txnId: row.txnId, differs },
        "a provider update disagrees with the stored invoice: ignored",
      );
      return "ignored";
    }
    const settled = await tx.select().from(paymentsToSettle).where(eq(paymentsToSettle.txnId, row.txnId));
    const decision = decideInvoiceUpdate(
      {
        status: row.status as InvoiceStatus,
        amount: row.amount,
        received: row.receivedAmount,
        applied: row.appliedAt !== null,
        toSettle: settled.map((s) => s.kind as SettlementKind),
      },
      update,
    );
    const now = new Date(ctx.clock());
    let settle = decision.settle;
    let discountState = row.discountState;
    let appliedAt = row.appliedAt;
    if (decision.activate) {
      const change = await activatePurchase(
        ctx,
        tx,
        row.userId,
        { tier: row.subscriptionTier as PaidTier, days: durationDays(row.subscriptionDuration as Duration) },
        { honourPaid: true },
      );
      if (change) appliedAt = now;
      else settle = [{ kind: "plan_unchanged", amount: decision.received }];
      if (row.discountState === "reserved") {
        await moveCodeUse(tx, row.discountCode as string, { reserved: -1, used: change ? 1 : 0 });
        discountState = change ? "consumed" : "released";
      }
    } else if (decision.releaseCode && row.discountState === "reserved") {
      await moveCodeUse(tx, row.discountCode as string, { reserved: -1, used: 0 });
      discountState = "released";
    }
    const txUrls = JSON.stringify([...new Set([...invoiceView(row).txUrls, ...update.txUrls])]);
    const unchanged =
      decision.status === row.status &&
      compareDecimal(decision.received, row.receivedAmount) === 0 &&
      decision.awaitingConfirmation === row.awaitingConfirmation &&
      txUrls === (row.txUrls ?? "[]") &&
      (update.expiresAt?.getTime() ?? null) === (row.expiresAt?.getTime() ?? null) &&
      settle.length === 0 &&
      appliedAt === row.appliedAt;
    if (unchanged) return "ignored";
    const remaining = subtractDecimal(row.amount, decision.received, CRYPTO_DECIMALS);
    await tx
      .update(cryptoInvoices)
      .set({
        status: decision.status,
        receivedAmount: decision.received,
        pendingAmount: compareDecimal(remaining, "0") > 0 ? remaining : "0",
        awaitingConfirmation: decision.awaitingConfirmation,
        discountState,
        txUrls,
        ...(update.expiresAt && !isPaidStatus(row.status as InvoiceStatus)
          ? { expiresAt: update.expiresAt }
          : {}),
        updatedAt: now,
        appliedAt,
      })
      .where(eq(cryptoInvoices.txnId, row.txnId));
    await recordToSettle(ctx, tx, row, settle);
    await ctx.events.publish({ userId: row.userId, type: "user" }, tx);
    return appliedAt && !row.appliedAt ? "activated" : "updated";
  });
}

/** Records (or brings up to date) the money to settle on an invoice; an admin's settlement is never undone. */
async function recordToSettle(
  ctx: AppContext,
  tx: Tx,
  row: InvoiceRow,
  settle: InvoiceDecision["settle"],
): Promise<void> {
  for (const { kind, amount } of settle) {
    await tx
      .insert(paymentsToSettle)
      .values({ txnId: row.txnId, userId: row.userId, kind, amount, currency: row.currency })
      .onConflictDoUpdate({
        target: [paymentsToSettle.txnId, paymentsToSettle.kind],
        set: { amount },
        setWhere: isNull(paymentsToSettle.settledAt),
      });
    ctx.log.warn(
      { txnId: row.txnId, kind, amount },
      "a payment could not buy what it was for: recorded to settle",
    );
  }
}

async function settlementsOf(db: DbOrTx, txnIds: string[]): Promise<Map<string, SettlementRow[]>> {
  const byTxn = new Map<string, SettlementRow[]>();
  if (txnIds.length === 0) return byTxn;
  const rows = await db
    .select()
    .from(paymentsToSettle)
    .where(inArray(paymentsToSettle.txnId, txnIds))
    .orderBy(paymentsToSettle.createdAt);
  for (const row of rows) byTxn.set(row.txnId, [...(byTxn.get(row.txnId) ?? []), row]);
  return byTxn;
}

/** GET /api/plisio/invoice/{txnId}: the seller's own invoice only; anyone else's is not found. */
export async function ownInvoice(ctx: AppContext, userId: string, txnId: string): Promise<InvoiceView> {
  const [row] = await ctx.db
    .select()
    .from(cryptoInvoices)
    .where(and(eq(cryptoInvoices.txnId, txnId), eq(cryptoInvoices.userId, userId)));
  if (!row) throw notFound(PAYMENT_TEXTS.invoiceNotFound);
  return invoiceView(row, (await settlementsOf(ctx.db, [row.txnId])).get(row.txnId));
}

/** GET /api/plisio/user-invoices: the payment history, newest first. */
export async function userInvoices(ctx: AppContext, userId: string): Promise<InvoiceView[]> {
  const rows = await ctx.db
    .select()
    .from(cryptoInvoices)
    .where(eq(cryptoInvoices.userId, userId))
    .orderBy(desc(cryptoInvoices.createdAt))
    .limit(100);
  const settlements = await settlementsOf(
    ctx.db,
    rows.map((r) => r.txnId),
  );
  return rows.map((row) => invoiceView(row, settlements.get(row.txnId)));
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
