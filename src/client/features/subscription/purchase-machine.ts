import { compareDecimal, discountedPrice } from "@contract/money";
import type { CryptoCurrency, InvoiceView } from "@contract/payments";
import { type Duration, type PaidTier, PRICES } from "@contract/plans";

/**
 * The crypto purchase wizard's eight steps (spec 001 §2 and §4), pure so every transition is unit-tested:
 * 1 plan, 2 duration, 3 currency, 4 payment details, 5 waiting for confirmations, 6 expired, 7 partial, 8 success.
 */
export type PurchaseStep = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface AppliedDiscount {
  code: string;
  discountPercentage: number;
}

export interface PurchaseState {
  step: PurchaseStep;
  tier: PaidTier | null;
  duration: Duration | null;
  currency: CryptoCurrency | null;
  discount: AppliedDiscount | null;
  invoice: InvoiceView | null;
}

export type PurchaseAction =
  | { type: "choosePlan"; tier: PaidTier }
  | { type: "chooseDuration"; duration: Duration }
  | { type: "chooseCurrency"; currency: CryptoCurrency }
  | { type: "applyDiscount"; discount: AppliedDiscount }
  | { type: "continue" }
  | { type: "back" }
  | { type: "invoiceCreated"; invoice: InvoiceView }
  | { type: "invoiceUpdated"; invoice: InvoiceView }
  | { type: "restart" };

export const initialPurchaseState = (tier: PaidTier | null = null): PurchaseState => ({
  step: 1,
  tier,
  duration: null,
  currency: null,
  discount: null,
  invoice: null,
});

/** Spec 001 §4: the invoice is polled every 5 seconds on steps 4, 5 and 7 only. */
export const POLL_INTERVAL_MS = 5_000;
export const isPolledStep = (step: PurchaseStep) => step === 4 || step === 5 || step === 7;

/**
 * Where an invoice sends the wizard (decision 017): paid is success, expired is expired, paid in part is partial,
 * and a pending invoice waits for its confirmations once a payment is seen (or nothing is left to pay); while
 * nothing has arrived yet the payment details stay up.
 */
export function stepForInvoice(invoice: InvoiceView, current: PurchaseStep): PurchaseStep {
  switch (invoice.status) {
    case "completed":
    case "mismatch":
      return 8;
    case "expired":
      return 6;
    case "partial":
      return 7;
    case "pending":
      return invoice.awaitingConfirmation || compareDecimal(invoice.pendingAmount, "0") <= 0 ? 5 : current;
  }
}

/** Step 1 to 2 needs a plan, 2 to 3 a duration; leaving step 3 creates the invoice (invoiceCreated). */
export function canContinue(state: PurchaseState): boolean {
  if (state.step === 1) return state.tier !== null;
  if (state.step === 2) return state.duration !== null;
  if (state.step === 3) return state.currency !== null;
  return false;
}

export function purchaseReducer(state: PurchaseState, action: PurchaseAction): PurchaseState {
  switch (action.type) {
    case "choosePlan":
      // A code applies to a plan: a new plan needs it validated again.
      return state.step === 1 ? { ...state, tier: action.tier, discount: null } : state;
    case "chooseDuration":
      return state.step === 2 ? { ...state, duration: action.duration } : state;
    case "chooseCurrency":
      return state.step === 3 ? { ...state, currency: action.currency } : state;
    case "applyDiscount":
      return state.step === 2 ? { ...state, discount: action.discount } : state;
    case "continue":
      return state.step < 3 && canContinue(state)
        ? { ...state, step: (state.step + 1) as PurchaseStep }
        : state;
    case "back":
      return state.step >= 2 && state.step <= 4
        ? { ...state, step: (state.step - 1) as PurchaseStep }
        : state;
    case "invoiceCreated":
      return state.step === 3
        ? { ...state, invoice: action.invoice, step: stepForInvoice(action.invoice, 4) }
        : state;
    case "invoiceUpdated":
      if (!isPolledStep(state.step) || action.invoice.txnId !== state.invoice?.txnId) return state;
      return { ...state, invoice: action.invoice, step: stepForInvoice(action.invoice, state.step) };
    case "restart":
      return state.step === 6 || state.step === 7 ? initialPurchaseState() : state;
  }
}

/** The price of a duration for the chosen plan, less the applied code (USD, two decimals). */
export function priceOf(tier: PaidTier, duration: Duration, discount: AppliedDiscount | null): string {
  const price = PRICES[tier][duration];
  return discount ? discountedPrice(price, discount.discountPercentage) : price;
}

/** mm:ss, as the payment details count down (never below 00:00). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const mm = Math.floor(seconds / 60);
  return `${String(mm).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "23 h 59 min": the time left to pay the rest of a part payment (up to a day). */
export function formatHoursLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
