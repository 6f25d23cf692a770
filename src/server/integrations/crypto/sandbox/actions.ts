import { CRYPTO_DECIMALS, compareDecimal, formatDecimal } from "../../../../contract/money.js";
import type { SandboxContext } from "../../sandbox-home.js";
import type { CallbackRow, CallbackSender } from "./delivery.js";
import {
  afterConfirmation,
  afterPayment,
  expireDue,
  findInvoice,
  hasUnconfirmed,
  isFinal,
  type PaymentKind,
  paymentFor,
  type SandboxInvoice,
  updateInvoice,
} from "./state.js";

/** What a tester (or a test) does to an invoice: pay (all, a part, too much, or an amount), confirm, or let it expire. */
export type InvoiceAction =
  | { type: "pay"; kind: PaymentKind }
  | { type: "payAmount"; amount: string }
  | { type: "confirm" }
  | { type: "expire" };

export class ActionRefused extends Error {}

export interface ActionResult {
  invoice: SandboxInvoice;
  callback: CallbackRow | null;
}

/** The emulator's invoice actions, each followed by a signed callback as Plisio sends one on every status change. */
export function invoiceActions(ctx: SandboxContext, sender: CallbackSender) {
  async function apply(txnId: string, action: InvoiceAction): Promise<ActionResult | null> {
    await expireAndNotify();
    const inv = await findInvoice(ctx.db, txnId);
    if (!inv) return null;
    const changes = changesFor(inv, action);
    const invoice = await updateInvoice(ctx.db, txnId, changes);
    return { invoice, callback: await sender.notify(invoice) };
  }

  function changesFor(inv: SandboxInvoice, action: InvoiceAction): Partial<SandboxInvoice> {
    switch (action.type) {
      case "pay":
      case "payAmount": {
        if (isFinal(inv))
          throw new ActionRefused(`This invoice is ${inv.status}: it takes no more payments.`);
        const amount = action.type === "pay" ? paymentFor(inv, action.kind) : action.amount;
        if (!/^\d{1,12}(\.\d{1,8})?$/.test(amount) || compareDecimal(amount, "0") <= 0)
          throw new ActionRefused("Enter an amount above 0 with at most 8 decimals.");
        return afterPayment(inv, formatDecimal(amount, CRYPTO_DECIMALS), ctx.clock());
      }
      case "confirm":
        if (!hasUnconfirmed(inv)) throw new ActionRefused("No payment is waiting for its confirmation.");
        return afterConfirmation(inv);
      case "expire":
        if (inv.status === "completed" || inv.status === "mismatch" || inv.status === "expired")
          throw new ActionRefused(`This invoice is ${inv.status}: it can no longer expire.`);
        return { status: "expired" };
    }
  }

  /** Expires what ran out of time, with a callback for each (as a read of the invoice would find it). */
  async function expireAndNotify(): Promise<void> {
    for (const expired of await expireDue(ctx)) await sender.notify(expired);
  }

  return { apply, expireAndNotify };
}

export type InvoiceActions = ReturnType<typeof invoiceActions>;
