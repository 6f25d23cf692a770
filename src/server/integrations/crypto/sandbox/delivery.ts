import { and, asc, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CRYPTO_DECIMALS, compareDecimal, formatDecimal } from "../../../../contract/money.js";
import { missing } from "../../../db/rows.js";
import { sandboxPlisioCallbacks } from "../../../db/schema/index.js";
import { inProcessHeaders } from "../../../http/request-log.js";
import type { SandboxContext } from "../../sandbox-home.js";
import { signAsPlisio } from "./sign.js";
import { getSettings, hasUnconfirmed, pendingAmount, type SandboxInvoice } from "./state.js";

const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Plisio's documentation says a callback is resent when the answer is not 200 but not on what schedule; the
 * emulator tries again after 1, 5, 15 and 60 minutes, then every 6 hours up to 10 attempts in all (docs/payments.md).
 */
const RETRY_DELAYS_S = [60, 300, 900, 3600, 21600, 21600, 21600, 21600, 21600];

export type CallbackRow = typeof sandboxPlisioCallbacks.$inferSelect;

/**
 * The fields Plisio posts about an invoice (its JSON callback, as in the callback sample of Plisio's Node client and
 * the white-label fields of its invoice answer), signed with verify_hash. pending_amount is the total less the
 * confirmed money.
 */
function callbackFields(inv: SandboxInvoice, secretKey: string): Record<string, unknown> {
  return signAsPlisio({
    txn_id: inv.txnId,
    ipn_type: "invoice",
    merchant: "Autodrop sandbox shop",
    merchant_id: "5d09fcd84f1e66138d706ed8",
    amount: formatDecimal(inv.amount, CRYPTO_DECIMALS),
    pending_amount: pendingAmount(inv),
    currency: inv.currency,
    psys_cid: inv.currency,
    order_number: inv.orderNumber,
    order_name: inv.orderName,
    source_currency: "USD",
    source_amount: inv.sourceAmount,
    source_rate: inv.sourceRate,
    status: inv.status,
    confirmations: compareDecimal(inv.confirmed, "0") > 0 && !hasUnconfirmed(inv) ? "1" : "0",
    invoice_commission: "0.00000000",
    invoice_sum: formatDecimal(inv.amount, CRYPTO_DECIMALS),
    invoice_total_sum: formatDecimal(inv.amount, CRYPTO_DECIMALS),
    wallet_hash: inv.walletHash,
    tx_urls: JSON.stringify(inv.txUrls),
    comment: "",
    // A number, as Plisio sends it: verify_hash is computed over its text.
    expire_utc: Math.floor(inv.expiresAt.getTime() / 1000),
  })(secretKey);
}

/** Posts callbacks as Plisio does; the app's own URL is reached in-process (tests run without a port). */
export function callbackSender(app: FastifyInstance, ctx: SandboxContext) {
  async function post(url: string, text: string): Promise<{ status: number | null; error: string | null }> {
    // callback_url with json=true asks for JSON; otherwise Plisio posts a form.
    const json = new URL(url).searchParams.get("json") === "true";
    const fields = JSON.parse(text) as Record<string, unknown>;
    const payload = json
      ? text
      : new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    const headers = { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" };
    try {
      if (url.startsWith(`${ctx.config.publicUrl}/`)) {
        const target = new URL(url);
        const res = await app.inject({
          method: "POST",
          url: target.pathname + target.search,
          headers: { ...headers, ...inProcessHeaders() },
          payload,
        });
        return { status: res.statusCode, error: null };
      }
      const res = await fetch(url, {
        method: "POST",
        headers,
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      return { status: res.status, error: null };
    } catch (err) {
      return { status: null, error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** One attempt; anything but 200 is tried again later, until the attempts run out. */
  async function attempt(row: CallbackRow): Promise<CallbackRow> {
    const { status, error } = await post(row.url, row.payload ?? JSON.stringify(row.body));
    const attempts = row.attempts + 1;
    const delay = RETRY_DELAYS_S[attempts - 1];
    const delivered = status === 200;
    const [updated = missing("the updated sandboxPlisioCallbacks row")] = await ctx.db
      .update(sandboxPlisioCallbacks)
      .set({
        attempts,
        lastStatus: status,
        lastError: error,
        deliveredAt: delivered ? new Date(ctx.clock()) : null,
        nextAttemptAt: delivered || delay === undefined ? null : new Date(ctx.clock() + delay * 1000),
      })
      .where(eq(sandboxPlisioCallbacks.id, row.id))
      .returning();
    return updated;
  }

  /** Records the invoice's callback and sends it at once (unless callbacks are paused: then it waits for a retry). */
  async function notify(inv: SandboxInvoice): Promise<CallbackRow | null> {
    if (!inv.callbackUrl) return null;
    const body = callbackFields(inv, ctx.config.cryptoProviderApiKey);
    const [row = missing("the inserted sandboxPlisioCallbacks row")] = await ctx.db
      .insert(sandboxPlisioCallbacks)
      .values({
        txnId: inv.txnId,
        url: inv.callbackUrl,
        body,
        payload: JSON.stringify(body),
        nextAttemptAt: new Date(ctx.clock()),
      })
      .returning();
    return (await getSettings(ctx.db)).callbacksPaused ? row : attempt(row);
  }

  /** Sends every callback whose next attempt is due (all waiting ones when `all`), oldest first. */
  async function deliverDue(opts: { all?: boolean } = {}): Promise<CallbackRow[]> {
    if ((await getSettings(ctx.db)).callbacksPaused) return [];
    const waiting = isNotNull(sandboxPlisioCallbacks.nextAttemptAt);
    const due = await ctx.db
      .select()
      .from(sandboxPlisioCallbacks)
      .where(
        opts.all ? waiting : and(waiting, lte(sandboxPlisioCallbacks.nextAttemptAt, new Date(ctx.clock()))),
      )
      .orderBy(asc(sandboxPlisioCallbacks.id))
      .limit(100);
    const results = [];
    for (const row of due) results.push(await attempt(row));
    return results;
  }

  async function list(limit: number): Promise<CallbackRow[]> {
    return ctx.db.select().from(sandboxPlisioCallbacks).orderBy(desc(sandboxPlisioCallbacks.id)).limit(limit);
  }

  return { notify, deliverDue, list };
}

export type CallbackSender = ReturnType<typeof callbackSender>;
