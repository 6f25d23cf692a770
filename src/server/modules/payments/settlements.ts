import { asc, desc, eq, sql } from "drizzle-orm";
import { CRYPTO_DECIMALS, formatDecimal } from "../../../contract/money.js";
import type { CryptoCurrency, PaymentToSettle, SettlementKind } from "../../../contract/payments.js";
import type { Duration, PaidTier } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { users } from "../../db/schema/auth.js";
import { cryptoInvoices, paymentsToSettle } from "../../db/schema/payments.js";
import { conflict, notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";

const SETTLE_LIST_LIMIT = 200;

const columns = {
  settlement: paymentsToSettle,
  username: users.username,
  subscriptionTier: cryptoInvoices.subscriptionTier,
  subscriptionDuration: cryptoInvoices.subscriptionDuration,
};

function view(row: {
  settlement: typeof paymentsToSettle.$inferSelect;
  username: string;
  subscriptionTier: string;
  subscriptionDuration: string;
}): PaymentToSettle {
  const s = row.settlement;
  return {
    id: s.id,
    txnId: s.txnId,
    username: row.username,
    kind: s.kind as SettlementKind,
    amount: formatDecimal(s.amount, CRYPTO_DECIMALS),
    currency: s.currency as CryptoCurrency,
    subscriptionTier: row.subscriptionTier as PaidTier,
    subscriptionDuration: row.subscriptionDuration as Duration,
    createdAt: s.createdAt.toISOString(),
    settledAt: s.settledAt?.toISOString() ?? null,
    settledNote: s.settledNote,
  };
}

/** Admin: money that could not buy what it was for, those still to settle first, oldest first among them. */
export async function listPaymentsToSettle(ctx: AppContext): Promise<PaymentToSettle[]> {
  const rows = await ctx.db
    .select(columns)
    .from(paymentsToSettle)
    .innerJoin(users, eq(users.id, paymentsToSettle.userId))
    .innerJoin(cryptoInvoices, eq(cryptoInvoices.txnId, paymentsToSettle.txnId))
    .orderBy(
      sql`${paymentsToSettle.settledAt} IS NOT NULL`,
      asc(paymentsToSettle.createdAt),
      desc(paymentsToSettle.settledAt),
    )
    .limit(SETTLE_LIST_LIMIT);
  return rows.map(view);
}

/** Admin: marks a payment settled (refunded, decision 040) with what was done; once only, recorded in the audit log. */
export async function settlePayment(
  ctx: AppContext,
  actor: AuditActor | null,
  id: string,
  note: string,
): Promise<PaymentToSettle> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(paymentsToSettle)
      .where(eq(paymentsToSettle.id, id))
      .for("update");
    if (!before) throw notFound("Payment not found");
    if (before.settledAt) throw conflict("This payment is already settled");
    await tx
      .update(paymentsToSettle)
      .set({ settledAt: new Date(ctx.clock()), settledNote: note })
      .where(eq(paymentsToSettle.id, id));
    const [row = missing("the paymentsToSettle row")] = await tx
      .select(columns)
      .from(paymentsToSettle)
      .innerJoin(users, eq(users.id, paymentsToSettle.userId))
      .innerJoin(cryptoInvoices, eq(cryptoInvoices.txnId, paymentsToSettle.txnId))
      .where(eq(paymentsToSettle.id, id));
    const settled = view(row);
    await recordAudit(ctx, tx, actor, {
      kind: "payment",
      action: "settled",
      subject: `${settled.amount} ${settled.currency} (${settled.kind}) of ${settled.username}`,
      before: { settledAt: null },
      after: { settledAt: settled.settledAt, note },
    });
    await ctx.events.publish({ userId: before.userId, type: "user" }, tx);
    return settled;
  });
}
