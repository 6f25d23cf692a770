import { CRYPTO_DECIMALS, compareDecimal, subtractDecimal } from "../../../contract/money.js";
import {
  type InvoiceStatus,
  invoiceStatusOf,
  isPaidStatus,
  type ProviderInvoiceState,
  type SettlementKind,
} from "../../../contract/payments.js";

/** An invoice as stored, as far as an update needs it. */
export interface StoredInvoice {
  status: InvoiceStatus;
  /** The invoice's total in crypto. */
  amount: string;
  /** Confirmed money received so far. */
  received: string;
  /** The plan was activated by this invoice. */
  applied: boolean;
  /** Money on it already recorded to settle. */
  toSettle: SettlementKind[];
}

export interface InvoiceDecision {
  status: InvoiceStatus;
  received: string;
  awaitingConfirmation: boolean;
  /** Paid in full and not yet applied: activate the plan (or, when the plan cannot take it, settle the money). */
  activate: boolean;
  /** The invoice ended unpaid: its discount-code reservation goes back. */
  releaseCode: boolean;
  /** Money to record for an admin to settle (kind and amount; a kind already recorded gets the new amount). */
  settle: { kind: SettlementKind; amount: string }[];
}

const max = (a: string, b: string) => (compareDecimal(a, b) >= 0 ? a : b);
const positive = (v: string) => compareDecimal(v, "0") > 0;

/**
 * What a provider update does to an invoice (decisions 039 and 040). Confirmed money only grows: callbacks and the
 * poller arrive late and in any order. A paid invoice stays paid; money above the total is an overpayment to settle.
 * An expired invoice stays expired: money on it (a part before it expired, or any after) bought nothing and is
 * recorded to settle. An open invoice follows the provider, believing "paid" only with the money to match.
 */
export function decideInvoiceUpdate(
  stored: StoredInvoice,
  update: { state: ProviderInvoiceState; received: string },
): InvoiceDecision {
  const received = max(stored.received, update.received);
  const over = subtractDecimal(received, stored.amount, CRYPTO_DECIMALS);
  const overpaid = positive(over) ? [{ kind: "overpaid" as const, amount: over }] : [];
  const base = { received, awaitingConfirmation: false, activate: false, releaseCode: false };

  if (isPaidStatus(stored.status)) {
    // Paid for a plan the account could not take: all of it is refunded, whatever more arrives.
    const refused = stored.toSettle.includes("plan_unchanged");
    const settle = refused ? [{ kind: "plan_unchanged" as const, amount: received }] : overpaid;
    return { ...base, status: positive(over) ? "mismatch" : stored.status, settle };
  }

  if (stored.status === "expired") {
    if (!positive(received)) return { ...base, status: "expired", settle: [] };
    return {
      ...base,
      status: "expired",
      settle: [{ kind: expiredKind(stored, received), amount: received }],
    };
  }

  const status = invoiceStatusOf(update.state, stored.amount, received);
  if (status === "expired") {
    const settle = positive(received) ? [{ kind: expiredKind(stored, received), amount: received }] : [];
    return { ...base, status, releaseCode: true, settle };
  }
  if (isPaidStatus(status)) return { ...base, status, activate: !stored.applied, settle: overpaid };
  return { ...base, status, awaitingConfirmation: update.state === "confirming", settle: [] };
}

/** Money on an expired invoice: a part that was there when it expired, or money that came after. */
function expiredKind(stored: StoredInvoice, received: string): SettlementKind {
  if (stored.toSettle.includes("underpaid_expired")) return "underpaid_expired";
  if (stored.toSettle.includes("paid_after_expiry")) return "paid_after_expiry";
  return stored.status !== "expired" && compareDecimal(received, stored.amount) < 0
    ? "underpaid_expired"
    : "paid_after_expiry";
}
