import type { CryptoCurrency, ProviderInvoiceState } from "../../../contract/payments.js";

/** An invoice to open at the provider: a USD price paid in one cryptocurrency. */
export interface NewCryptoInvoice {
  /** Ours, unique per invoice (the provider refuses a number it has seen). */
  orderNumber: string;
  orderName: string;
  currency: CryptoCurrency;
  /** USD, 2 decimals. */
  sourceAmount: string;
  /** Where the provider posts status changes. */
  callbackUrl: string;
  expireMinutes: number;
  email: string | null;
}

/**
 * Where an invoice stands, as a callback or a status look-up tells it. Amounts in crypto with 8 decimals. The app
 * checks the order number, currency and total against what it stored before believing the rest.
 */
export interface CryptoInvoiceUpdate {
  txnId: string;
  orderNumber: string;
  currency: string;
  /** The invoice's total in crypto. */
  amount: string;
  /** Confirmed money received; what is left to pay is the total less it. */
  received: string;
  state: ProviderInvoiceState;
  txUrls: string[];
  /** When the invoice expires unpaid, when the provider says (a part payment may give more time). */
  expiresAt: Date | null;
}

/** A new invoice: its update plus what the buyer needs to pay it. */
export interface CryptoInvoice extends CryptoInvoiceUpdate {
  /** What is still to pay (the amount while nothing has arrived). */
  pendingAmount: string;
  walletHash: string;
  invoiceUrl: string;
  expectedConfirmations: number;
}

/** The crypto payment provider as the app uses it (Plisio; BTCPay Server could sit beside it). */
export interface CryptoProvider {
  createInvoice(invoice: NewCryptoInvoice): Promise<CryptoInvoice>;
  /** The invoice's current state, or null when the provider does not know it. */
  getInvoice(txnId: string): Promise<CryptoInvoiceUpdate | null>;
  /** Checks a callback's signature and reads the update it carries (null: signed, but not an invoice update). */
  verifyCallback(body: unknown): CallbackResult;
}

/**
 * A signed callback: its update, or only the invoice it is about when it does not say how much arrived (the app then
 * asks the provider), or nothing when it is not about an invoice.
 */
export type CallbackResult =
  | { signed: false }
  | { signed: true; update: CryptoInvoiceUpdate | null; askAbout?: string };

/** The provider refused (with its status code) or could not be reached; never carries a secret. */
export class CryptoProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
