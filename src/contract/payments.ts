import { z } from "zod";
import { normalizeDiscountCode } from "./discount-codes.js";
import { compareDecimal } from "./money.js";
import { durationSchema, paidTierSchema } from "./plans.js";

/** Spec 001 §1: the currencies a seller pays with. */
export const CRYPTO_CURRENCIES = ["BTC", "LTC", "ETH"] as const;
export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES);
export type CryptoCurrency = z.infer<typeof cryptoCurrencySchema>;

export const CRYPTO_NAMES: Record<CryptoCurrency, string> = {
  BTC: "Bitcoin",
  LTC: "Litecoin",
  ETH: "Ethereum",
};

const URI_SCHEMES: Record<CryptoCurrency, string> = { BTC: "bitcoin", LTC: "litecoin", ETH: "ethereum" };

/** What a wallet app reads from the payment QR code: the coin's URI scheme, the address and the amount. */
export const paymentUri = (currency: CryptoCurrency, address: string, amount: string) =>
  `${URI_SCHEMES[currency]}:${address}?amount=${amount}`;

/** The short name of the crypto provider in our URLs (spec 001 §7: /api/{provider}/...). */
export const PROVIDER_PATH = "/api/plisio";

/** Spec 001 §3: how an invoice is stored and shown. partial is ours: an open invoice paid in part. */
const INVOICE_STATUSES = ["pending", "completed", "mismatch", "expired", "partial"] as const;
const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/**
 * Where a provider says an invoice stands, whatever its own status names: open (nothing seen), confirming (money seen,
 * not all confirmed), paid, overpaid, expired. A paid or overpaid state is only believed with the money to match.
 */
export type ProviderInvoiceState = "open" | "confirming" | "paid" | "overpaid" | "expired";

/**
 * The stored status, from the provider's state and the confirmed money received against the invoice's total: paid
 * in full is completed (mismatch when more arrived), an expired invoice is expired, and an open one is partial while
 * 0 < received < total, pending otherwise. A "completed" or "mismatch" for less than the total is not a payment in
 * full: it stays open (decision 039).
 */
export function invoiceStatusOf(state: ProviderInvoiceState, total: string, received: string): InvoiceStatus {
  if (state === "expired") return "expired";
  const paid = compareDecimal(received, total);
  if (paid > 0 && state !== "open") return "mismatch";
  if (paid === 0 && state !== "open") return "completed";
  return compareDecimal(received, "0") > 0 && paid < 0 ? "partial" : "pending";
}

/** Completed or overpaid: the plan is activated (once). */
export const isPaidStatus = (status: InvoiceStatus) => status === "completed" || status === "mismatch";

/** Still waiting for money: the poller asks the provider about these. */
export const isOpenStatus = (status: InvoiceStatus) => status === "pending" || status === "partial";

const required = <T extends z.ZodType>(schema: T) => schema.nullish().or(z.literal(""));

/**
 * POST /api/plisio/create-invoice. Each option may be missing (the answer is then the spec's "Please select all
 * required options"), but a value given must be one of the known ones.
 */
export const createInvoiceRequestSchema = z.object({
  subscriptionTier: required(paidTierSchema),
  subscriptionDuration: required(durationSchema),
  currency: required(cryptoCurrencySchema),
  discountCode: z.string().max(64).nullish(),
});
export type CreateInvoiceRequest = z.infer<typeof createInvoiceRequestSchema>;

/** Kinds of money that could not buy what it was for (decision 040). */
const SETTLEMENT_KINDS = ["plan_unchanged", "paid_after_expiry", "underpaid_expired", "overpaid"] as const;

/** An invoice as the wizard and the payment history read it (amounts in crypto with 8 decimals, USD with 2). */
export const invoiceViewSchema = z.object({
  txnId: z.string(),
  status: invoiceStatusSchema,
  amount: z.string(),
  pendingAmount: z.string(),
  currency: cryptoCurrencySchema,
  walletHash: z.string(),
  invoiceUrl: z.string(),
  txUrls: z.array(z.string()),
  orderNumber: z.string(),
  subscriptionTier: paidTierSchema,
  subscriptionDuration: durationSchema,
  sourceAmount: z.string(),
  discountCode: z.string().nullable(),
  expectedConfirmations: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Confirmed money received so far (8 decimals). */
  receivedAmount: z.string(),
  /** A payment is seen but not yet confirmed. */
  awaitingConfirmation: z.boolean(),
  /** Money on this invoice that bought nothing (or more than it), and what happens to it (decision 040). */
  toSettle: z.array(
    z.object({
      kind: z.enum(SETTLEMENT_KINDS),
      amount: z.string(),
      settledAt: z.string().nullable(),
    }),
  ),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const txnIdParamsSchema = z.object({ txnId: z.string().min(1).max(100) });

/** GET /api/discount-codes/validate?code=&plan= */
export const validateDiscountQuerySchema = z.object({
  code: z.string().trim().min(1, "is required").max(64).transform(normalizeDiscountCode),
  plan: paidTierSchema,
});

export const discountValidationSchema = z.object({
  code: z.string(),
  discountPercentage: z.number().int(),
});
export type DiscountValidation = z.infer<typeof discountValidationSchema>;

/** The wizard's and the server's texts (spec 001 §5, §8; the rest ours). */
export const PAYMENT_TEXTS = {
  missingOptions: "Please select all required options",
  createFailed: "Failed to create payment invoice",
  invoiceExpired: "This payment invoice has expired. Please create a new payment.",
  discountInvalidTitle: "Invalid Discount Code",
  discountWrongPlan: "This discount code is not valid for the selected plan.",
  discountUnknown: "This discount code does not exist or is no longer active",
  discountUsedUp: "This discount code has reached its usage limit",
  discountNetwork: "Failed to validate discount code. Please try again.",
  discountAppliedTitle: "Discount Applied!",
  confirmations: "1 confirmation is required",
  invalidSignature: "Invalid callback signature",
  invoiceNotFound: "Invoice not found",
} as const;

export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** Admin: a payment to settle (GET /api/admin/payments-to-settle). */
export const paymentToSettleSchema = z.object({
  id: z.string(),
  txnId: z.string(),
  username: z.string(),
  kind: z.enum(SETTLEMENT_KINDS),
  amount: z.string(),
  currency: cryptoCurrencySchema,
  subscriptionTier: paidTierSchema,
  subscriptionDuration: durationSchema,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  settledNote: z.string().nullable(),
});
export type PaymentToSettle = z.infer<typeof paymentToSettleSchema>;

/** PATCH /api/admin/payments-to-settle/{id}: marks it settled, with what was done (e.g. the refund's transaction). */
export const settlePaymentRequestSchema = z.object({
  note: z.string().trim().min(1, "Say how it was settled").max(500),
});

/**
 * What a seller reads about money that could not buy what it was for, in plain words (decision 040: it is refunded
 * in the coin it came in; an admin marks it settled).
 */
export const SETTLEMENT_TEXTS = {
  what: {
    plan_unchanged: (amount: string) =>
      `${amount} arrived for a plan your account could not take any more (it already held a lifetime plan).`,
    paid_after_expiry: (amount: string) =>
      `${amount} arrived after this invoice had expired, so it bought nothing.`,
    underpaid_expired: (amount: string) =>
      `${amount} arrived, less than the invoice amount, and the invoice expired before the rest came, so it bought nothing.`,
    overpaid: (amount: string) => `${amount} more than the invoice amount arrived; your plan was activated.`,
  } satisfies Record<SettlementKind, (amount: string) => string>,
  next: "We will refund it to you in the same coin: an admin will contact you for the address to send it to.",
  settled: (date: string) => `Settled by an admin on ${date}.`,
  expiredReceived: (amount: string) =>
    `We received ${amount} for this invoice before it expired. It bought nothing and will be refunded to you: an admin will contact you.`,
} as const;
