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
export const INVOICE_STATUSES = ["pending", "completed", "mismatch", "expired", "partial"] as const;
const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Where a provider says an invoice stands, whatever its own status names. */
export type ProviderInvoiceState = "open" | "paid" | "overpaid" | "expired";

/**
 * The stored status: paid is completed, overpaid is mismatch (Plisio's name), and an open invoice is partial while
 * 0 < pendingAmount < amount (pendingAmount is what is still to pay), pending otherwise.
 */
export function invoiceStatusOf(
  state: ProviderInvoiceState,
  amount: string,
  pendingAmount: string,
): InvoiceStatus {
  if (state === "paid") return "completed";
  if (state === "overpaid") return "mismatch";
  if (state === "expired") return "expired";
  const paidInPart = compareDecimal(pendingAmount, "0") > 0 && compareDecimal(pendingAmount, amount) < 0;
  return paidInPart ? "partial" : "pending";
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
