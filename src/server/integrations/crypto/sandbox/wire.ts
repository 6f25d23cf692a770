import type { FastifyInstance, FastifyReply } from "fastify";
import { renderSVG } from "uqr";
import {
  CRYPTO_DECIMALS,
  compareDecimal,
  cryptoAmountFor,
  formatDecimal,
  USD_DECIMALS,
} from "../../../../contract/money.js";
import { type CryptoCurrency, cryptoCurrencySchema, paymentUri } from "../../../../contract/payments.js";
import { sandboxPlisioInvoices } from "../../../db/schema/index.js";
import type { SandboxContext } from "../../sandbox-home.js";
import type { InvoiceActions } from "./actions.js";
import { signAsPlisio } from "./sign.js";
import {
  BASE,
  DEFAULT_EXPIRE_MINUTES,
  findInvoice,
  getSettings,
  newTxnId,
  SANDBOX_RATES,
  sandboxWallet,
  shopOf,
  sourceRate,
  unconfirmedSum,
} from "./state.js";

type Query = Record<string, string | undefined>;

/** Plisio's profile (user) and shop ids for the sandbox shop: a number and a 24-hex-digit id, as Plisio gives them. */
const SANDBOX_USER_ID = 1;
const SANDBOX_SHOP_ID = "5d09fcd84f1e66138d706ed8";

/** Plisio's error answer. */
function plisioError(reply: FastifyReply, code: number, name: string, message: string): FastifyReply {
  return reply.status(code).send({ status: "error", data: { name, message, code } });
}

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const MAX_EXPIRE_MINUTES = 7 * 24 * 60;

function validCallbackUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Plisio's API under /__sandbox/plisio/api/v1 (same paths, GET parameters and answers): invoices/new in white-label
 * form, and operations/{id}. Every call needs the shop's secret key as api_key.
 */
export function registerWireApi(scope: FastifyInstance, ctx: SandboxContext, actions: InvoiceActions): void {
  const shopOfRequest = (query: Query, reply: FastifyReply): string | null => {
    if (query.api_key !== ctx.config.cryptoProviderApiKey) {
      plisioError(reply, 401, "Unauthorized", "Invalid api_key");
      return null;
    }
    return shopOf(query.api_key);
  };

  scope.get<{ Querystring: Query }>(`${BASE}/api/v1/invoices/new`, async (request, reply) => {
    const q = request.query;
    const shop = shopOfRequest(q, reply);
    if (!shop) return reply;
    const invalid = (message: string) => plisioError(reply, 422, "Unprocessable Entity", message);
    if (!q.order_name) return invalid("order_name is required");
    if (!q.order_number) return invalid("order_number is required");
    const currency = cryptoCurrencySchema.safeParse(q.currency);
    if (!currency.success) return invalid("currency must be one of BTC, LTC, ETH in the sandbox");
    if (q.callback_url !== undefined && !validCallbackUrl(q.callback_url))
      return invalid("callback_url is not a URL");
    let amount: string;
    let sourceAmount: string;
    const coin: CryptoCurrency = currency.data;
    if (q.source_amount !== undefined) {
      if (q.source_currency !== "USD") return invalid("The sandbox converts from USD only");
      if (!DECIMAL.test(q.source_amount) || compareDecimal(q.source_amount, "0") <= 0)
        return invalid("source_amount must be a positive amount");
      sourceAmount = formatDecimal(q.source_amount, USD_DECIMALS);
      amount = cryptoAmountFor(sourceAmount, SANDBOX_RATES[coin]);
    } else if (q.amount !== undefined && DECIMAL.test(q.amount) && compareDecimal(q.amount, "0") > 0) {
      amount = formatDecimal(q.amount, CRYPTO_DECIMALS);
      sourceAmount = "0.00";
    } else {
      return invalid("Give source_currency and source_amount, or amount");
    }
    const expireMin = q.expire_min === undefined ? DEFAULT_EXPIRE_MINUTES : Number(q.expire_min);
    if (!Number.isInteger(expireMin) || expireMin < 1 || expireMin > MAX_EXPIRE_MINUTES)
      return invalid(`expire_min must be a whole number of minutes from 1 to ${MAX_EXPIRE_MINUTES}`);
    const lifetime = (await getSettings(ctx.db)).expireMinutes ?? expireMin;

    const now = ctx.clock();
    const txnId = newTxnId();
    const walletHash = sandboxWallet(coin);
    const [inv] = await ctx.db
      .insert(sandboxPlisioInvoices)
      .values({
        txnId,
        shopKeyHash: shop,
        orderNumber: q.order_number,
        orderName: q.order_name,
        currency: coin,
        sourceAmount,
        sourceRate: sourceRate(coin),
        amount,
        walletHash,
        callbackUrl: q.callback_url ?? null,
        email: q.email ?? null,
        expiresAt: new Date(now + lifetime * 60_000),
        createdAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning();
    if (!inv) return invalid("order_number has been used for another invoice of this shop");
    const data = {
      txn_id: txnId,
      invoice_url: `${ctx.config.publicUrl}${BASE}/invoice/${txnId}`,
      amount,
      pending_amount: amount,
      wallet_hash: walletHash,
      psys_cid: coin,
      currency: coin,
      status: "new",
      source_currency: "USD",
      source_rate: inv.sourceRate,
      expire_utc: Math.floor(inv.expiresAt.getTime() / 1000),
      expected_confirmations: "1",
      qr_code: `data:image/svg+xml;base64,${Buffer.from(renderSVG(paymentUri(coin, walletHash, amount))).toString("base64")}`,
      invoice_commission: "0.00000000",
      invoice_sum: amount,
      invoice_total_sum: amount,
    };
    return { status: "success", data: signAsPlisio(data)(ctx.config.cryptoProviderApiKey) };
  });

  scope.get<{ Params: { id: string }; Querystring: Query }>(
    `${BASE}/api/v1/operations/:id`,
    async (request, reply) => {
      const shop = shopOfRequest(request.query, reply);
      if (!shop) return reply;
      await actions.expireAndNotify();
      const inv = await findInvoice(ctx.db, request.params.id);
      if (!inv || inv.shopKeyHash !== shop)
        return plisioError(reply, 404, "Not Found", "Operation not found");
      const amount = formatDecimal(inv.amount, CRYPTO_DECIMALS);
      // Field names and types as Plisio's transactions documentation and its SDKs give them (plisio-python's
      // Operation, plisio-api-php's OperationDenormalizer): user_id a number, sum the invoice's total (the shop pays
      // the commission here), actual_sum the confirmed incoming amount, pending_sum the unconfirmed (mempool) one.
      return {
        status: "success",
        data: {
          user_id: SANDBOX_USER_ID,
          shop_id: SANDBOX_SHOP_ID,
          type: "invoice",
          status: inv.status,
          pending_sum: unconfirmedSum(inv),
          psys_cid: inv.currency,
          currency: inv.currency,
          source_currency: "USD",
          source_rate: inv.sourceRate,
          fee: null,
          wallet_hash: inv.walletHash,
          sendmany: null,
          params: {
            order_number: inv.orderNumber,
            order_name: inv.orderName,
            source_amount: inv.sourceAmount,
            source_currency: "USD",
            currency: inv.currency,
            psys_cid: inv.currency,
            amount,
            source_rate: inv.sourceRate,
          },
          expire_at_utc: Math.floor(inv.expiresAt.getTime() / 1000),
          created_at_utc: Math.floor(inv.createdAt.getTime() / 1000),
          amount,
          sum: amount,
          commission: "0.00000000",
          tx_url: inv.txUrls,
          tx_id: inv.txUrls.map((url) => url.slice(url.lastIndexOf("/") + 1)),
          id: inv.txnId,
          actual_sum: formatDecimal(inv.confirmed, CRYPTO_DECIMALS),
          actual_commission: "0.00000000",
          actual_fee: "0.00000000",
          actual_invoice_sum: formatDecimal(inv.confirmed, CRYPTO_DECIMALS),
          tx: [],
          confirmations: compareDecimal(inv.confirmed, "0") > 0 ? 1 : 0,
          status_code: 200,
        },
      };
    },
  );

  // Everything else of Plisio's API (balances, withdrawals, currencies, ...) is not emulated: Plisio's error envelope,
  // never an HTML page, so a client reads it as it would a refusal from Plisio.
  scope.all(`${BASE}/api/v1/*`, async (request, reply) =>
    plisioError(
      reply,
      404,
      "Not Found",
      `${request.method} ${request.url.split("?")[0]} is not emulated by the sandbox`,
    ),
  );
}
