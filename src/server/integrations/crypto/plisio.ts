import { z } from "zod";
import { CRYPTO_DECIMALS, compareDecimal, formatDecimal, subtractDecimal } from "../../../contract/money.js";
import type { ProviderInvoiceState } from "../../../contract/payments.js";
import type { HttpFetch } from "../fetch.js";
import {
  type CallbackResult,
  type CryptoInvoice,
  type CryptoInvoiceUpdate,
  type CryptoProvider,
  CryptoProviderError,
  type NewCryptoInvoice,
} from "./provider.js";
import { hasValidVerifyHash } from "./verify-hash.js";

const TIMEOUT_MS = 15_000;

/**
 * Plisio's statuses (new, pending, pending internal, completed, mismatch, expired, error, cancelled, cancelled
 * duplicate) as the app needs them: new is open, pending ("some amount received and waiting for confirmation") is
 * confirming, mismatch is an overpayment; an error or a cancellation ends the invoice unpaid.
 */
function plisioState(status: string): ProviderInvoiceState {
  switch (status) {
    case "pending":
    case "pending internal":
      return "confirming";
    case "completed":
      return "paid";
    case "mismatch":
      return "overpaid";
    case "expired":
    case "error":
    case "cancelled":
    case "cancelled duplicate":
      return "expired";
    default:
      return "open";
  }
}

const wireText = z.union([z.string(), z.number()]).transform(String);
const wireAmount = wireText.transform((v) => formatDecimal(v, CRYPTO_DECIMALS));

/** tx_urls: a JSON list in a string, one URL, "null", or (operations) tx_url. */
function parseTxUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && v !== "");
  if (typeof value !== "string" || value === "" || value === "null") return [];
  if (value.startsWith("[")) {
    try {
      return parseTxUrls(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [value];
}

/** expire_utc in seconds or milliseconds since the epoch, or a date text. */
function parseExpireUtc(value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const number = Number(value);
  const ms = Number.isFinite(number) ? (number < 1e12 ? number * 1000 : number) : Date.parse(String(value));
  return Number.isFinite(ms) ? new Date(ms) : null;
}

const errorBody = z.object({
  status: z.literal("error"),
  data: z.object({
    name: z.string().optional(),
    message: z.string().optional(),
    code: z.number().optional(),
  }),
});

/** The white-label answer of invoices/new (the fields we use). */
const invoiceBody = z.object({
  status: z.literal("success"),
  data: z.looseObject({
    txn_id: z.string().min(1),
    invoice_url: z.string().min(1),
    amount: wireAmount,
    pending_amount: wireAmount,
    wallet_hash: z.string().min(1),
    expire_utc: z.unknown().optional(),
    expected_confirmations: wireText.optional(),
    tx_urls: z.unknown().optional(),
    status: z.string().optional(),
  }),
});

/**
 * operations/{id}: one operation (an invoice's, here), with the fields as Plisio's documentation and SDKs
 * (plisio-python's Operation, plisio-api-php's OperationDenormalizer) name them: `sum` the invoice's total (its
 * params.amount, plus Plisio's commission when the customer pays it), `actual_sum` the real incoming amount,
 * `pending_sum` the unconfirmed amount (mempool), params.order_number ours.
 */
const operationBody = z.object({
  status: z.literal("success"),
  data: z.looseObject({
    id: z.string(),
    status: z.string(),
    currency: wireText,
    sum: wireAmount.nullish(),
    actual_sum: wireAmount.nullish(),
    pending_sum: wireAmount.nullish(),
    params: z.looseObject({ order_number: wireText.optional(), amount: wireAmount.optional() }).nullish(),
    tx_url: z.unknown().optional(),
    expire_at_utc: z.unknown().optional(),
  }),
});

/**
 * A JSON callback (callback_url with json=true), once its verify_hash is checked: `amount` the invoice's amount,
 * `pending_amount` (white-label shops) what is left to pay.
 */
const callbackBody = z.looseObject({
  ipn_type: z.literal("invoice").optional(),
  txn_id: z.string().min(1),
  status: z.string(),
  order_number: wireText,
  currency: wireText,
  amount: wireAmount,
  pending_amount: wireAmount.optional(),
  confirmations: wireText.optional(),
  tx_urls: z.unknown().optional(),
  expire_utc: z.unknown().optional(),
});

/** Received = the total less what is left to pay (never below 0). */
function receivedOf(total: string, remaining: string): string {
  const received = subtractDecimal(total, remaining, CRYPTO_DECIMALS);
  return compareDecimal(received, "0") < 0 ? formatDecimal("0", CRYPTO_DECIMALS) : received;
}

/**
 * Plisio's API (plisio.net/documentation): GET requests with the secret key as `api_key`, answers
 * `{status: "success", data}` or `{status: "error", data: {name, message, code}}`. Requires the shop's white-label
 * mode, which gives the wallet address and amount in the answer. The same key signs callbacks (verify_hash).
 */
export class PlisioClient implements CryptoProvider {
  constructor(
    private fetch: HttpFetch,
    private apiBase: string,
    private secretKey: string,
  ) {}

  private async call(path: string, params: Record<string, string>): Promise<unknown> {
    const query = new URLSearchParams({ ...params, api_key: this.secretKey });
    let res: Response;
    try {
      res = await this.fetch(`${this.apiBase}/${path}?${query}`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      // The URL carries the secret key: only the kind of failure leaves this function.
      throw new CryptoProviderError(`Plisio could not be reached (${(err as Error).name})`);
    }
    const body: unknown = await res.json().catch(() => null);
    const refused = errorBody.safeParse(body);
    if (refused.success) {
      const { name, message, code } = refused.data.data;
      const status = code ?? res.status;
      throw new CryptoProviderError(
        `Plisio refused: ${message ?? name ?? "unknown error"} (${status})`,
        status,
      );
    }
    if (!res.ok) throw new CryptoProviderError(`Plisio answered ${res.status}`, res.status);
    return body;
  }

  async createInvoice(invoice: NewCryptoInvoice): Promise<CryptoInvoice> {
    const params: Record<string, string> = {
      order_name: invoice.orderName,
      order_number: invoice.orderNumber,
      currency: invoice.currency,
      source_currency: "USD",
      source_amount: invoice.sourceAmount,
      callback_url: invoice.callbackUrl,
      expire_min: String(invoice.expireMinutes),
    };
    if (invoice.email) params.email = invoice.email;
    const parsed = invoiceBody.safeParse(await this.call("invoices/new", params));
    if (!parsed.success)
      throw new CryptoProviderError(
        "Plisio's answer has no wallet address: is white-label mode on for the shop?",
      );
    const data = parsed.data.data;
    return {
      txnId: data.txn_id,
      orderNumber: invoice.orderNumber,
      currency: invoice.currency,
      state: plisioState(data.status ?? "new"),
      amount: data.amount,
      pendingAmount: data.pending_amount,
      received: receivedOf(data.amount, data.pending_amount),
      txUrls: parseTxUrls(data.tx_urls),
      walletHash: data.wallet_hash,
      invoiceUrl: data.invoice_url,
      expiresAt: parseExpireUtc(data.expire_utc),
      expectedConfirmations: Number(data.expected_confirmations ?? 1),
    };
  }

  async getInvoice(txnId: string): Promise<CryptoInvoiceUpdate | null> {
    let body: unknown;
    try {
      body = await this.call(`operations/${encodeURIComponent(txnId)}`, {});
    } catch (err) {
      if (err instanceof CryptoProviderError && err.status === 404) return null;
      throw err;
    }
    const parsed = operationBody.safeParse(body);
    if (!parsed.success) throw new CryptoProviderError("Plisio's operation answer is not readable");
    const data = parsed.data.data;
    const zero = formatDecimal("0", CRYPTO_DECIMALS);
    const unconfirmed = data.pending_sum ?? zero;
    const state = plisioState(data.status);
    return {
      txnId: data.id,
      orderNumber: data.params?.order_number ?? "",
      currency: data.currency,
      amount: data.sum ?? data.params?.amount ?? "",
      received: data.actual_sum ?? zero,
      // Money in the mempool is money seen: the invoice waits for its confirmations whatever its status says.
      state: state === "open" && compareDecimal(unconfirmed, "0") > 0 ? "confirming" : state,
      txUrls: parseTxUrls(data.tx_url),
      expiresAt: parseExpireUtc(data.expire_at_utc),
    };
  }

  verifyCallback(body: unknown): CallbackResult {
    if (!hasValidVerifyHash(body, this.secretKey)) return { signed: false };
    const parsed = callbackBody.safeParse(body);
    if (!parsed.success) return { signed: true, update: null };
    const data = parsed.data;
    // Without what is left to pay the callback cannot say how much arrived: the app asks about the invoice.
    if (data.pending_amount === undefined) return { signed: true, update: null, askAbout: data.txn_id };
    const state = plisioState(data.status);
    const update: CryptoInvoiceUpdate = {
      txnId: data.txn_id,
      orderNumber: data.order_number,
      currency: data.currency,
      // Plisio stays "pending" between a confirmed part and the rest; its confirmations say if one still waits.
      state: state === "confirming" && Number(data.confirmations ?? 0) > 0 ? "open" : state,
      amount: data.amount,
      received: receivedOf(data.amount, data.pending_amount),
      txUrls: parseTxUrls(data.tx_urls),
      expiresAt: parseExpireUtc(data.expire_utc),
    };
    return { signed: true, update };
  }
}
