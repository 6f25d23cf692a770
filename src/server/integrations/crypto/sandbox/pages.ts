import type { FastifyInstance, FastifyReply } from "fastify";
import { CRYPTO_DECIMALS, formatDecimal } from "../../../../contract/money.js";
import { html, type SandboxContext, sendPage } from "../../sandbox-home.js";
import { ActionRefused, type InvoiceAction, type InvoiceActions } from "./actions.js";
import type { CallbackRow, CallbackSender } from "./delivery.js";
import {
  BASE,
  findInvoice,
  getSettings,
  hasUnconfirmed,
  isFinal,
  listInvoices,
  remaining,
  type SandboxInvoice,
  saveSettings,
} from "./state.js";

const FORM_ACTIONS: Record<string, InvoiceAction> = {
  "pay-full": { type: "pay", kind: "full" },
  "pay-part": { type: "pay", kind: "part" },
  "pay-over": { type: "pay", kind: "over" },
  confirm: { type: "confirm" },
  expire: { type: "expire" },
};

const crypto = (inv: SandboxInvoice, value: string) =>
  `${formatDecimal(value, CRYPTO_DECIMALS)} ${inv.currency}`;

function callbackLine(row: CallbackRow) {
  const outcome = row.deliveredAt
    ? `delivered (${row.lastStatus})`
    : row.nextAttemptAt
      ? `waiting: next attempt at ${row.nextAttemptAt.toISOString()}${row.lastStatus ? ` (last answer ${row.lastStatus})` : ""}`
      : `given up after ${row.attempts} attempts (last answer ${row.lastStatus ?? row.lastError})`;
  return html`<tr><td>${row.createdAt.toISOString()}</td><td><code>${String(row.body.status)}</code></td><td>${row.attempts}</td><td>${outcome}</td></tr>`;
}

function invoicePage(
  inv: SandboxInvoice,
  callbacks: CallbackRow[],
  appUrl: string,
  note?: { kind: "ok" | "bad"; text: string },
) {
  const open = !isFinal(inv);
  const button = (action: string, label: string) =>
    html`<form method="post" action="${BASE}/invoice/${inv.txnId}/actions"><input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
  return html`<h1>Plisio invoice</h1>
<p class="lead">${inv.orderName} · order ${inv.orderNumber} · <a href="${appUrl}/subscription">Back to Autodrop</a></p>
${note ? html`<p class="notice ${note.kind}" role="${note.kind === "bad" ? "alert" : "status"}">${note.text}</p>` : null}
<div class="card">
<table>
<tbody>
<tr><th scope="row">Status</th><td><strong data-testid="invoice-status">${inv.status}</strong></td></tr>
<tr><th scope="row">Amount</th><td>${crypto(inv, inv.amount)} (${inv.sourceAmount} USD)</td></tr>
<tr><th scope="row">Received</th><td>${crypto(inv, inv.received)}${hasUnconfirmed(inv) ? " (waiting for 1 confirmation)" : ""}</td></tr>
<tr><th scope="row">Still to pay</th><td>${crypto(inv, remaining(inv))}</td></tr>
<tr><th scope="row">Address</th><td><code>${inv.walletHash}</code></td></tr>
<tr><th scope="row">Expires</th><td>${inv.expiresAt.toISOString()}</td></tr>
</tbody>
</table>
</div>
<h2>Act as the payer</h2>
${
  open
    ? html`<div class="inline" style="display: flex; flex-wrap: wrap; gap: 8px">${button("pay-full", "Pay in full")}${button("pay-part", "Pay half of the rest")}${button("pay-over", "Overpay")}${hasUnconfirmed(inv) ? button("confirm", "Confirm payments") : null}${button("expire", "Let it expire")}</div>
<form class="inline" method="post" action="${BASE}/invoice/${inv.txnId}/actions">
<input type="hidden" name="action" value="pay-amount">
<div><label for="amount">Pay an amount (${inv.currency})</label><input id="amount" name="amount" type="text" inputmode="decimal" required></div>
<button type="submit">Pay</button>
</form>
<p class="hint">Payments arrive unconfirmed (status pending); Confirm payments gives them their one confirmation.</p>`
    : html`<p class="card">This invoice is ${inv.status}: there is nothing more to do.</p>`
}
<h2>Callbacks sent (${callbacks.length})</h2>
${
  callbacks.length === 0
    ? html`<p class="card">None yet.</p>`
    : html`<table><thead><tr><th>Created</th><th>Status sent</th><th>Attempts</th><th>Outcome</th></tr></thead><tbody>${callbacks.map(callbackLine)}</tbody></table>`
}`;
}

/** The invoice page a tester pays on (linked from invoice_url), and the emulator's home with its switches. */
export function registerPages(
  scope: FastifyInstance,
  ctx: SandboxContext,
  actions: InvoiceActions,
  sender: CallbackSender,
): void {
  const appUrl = ctx.config.publicUrl;
  const showInvoice = async (
    reply: FastifyReply,
    txnId: string,
    status: number,
    note?: { kind: "ok" | "bad"; text: string },
  ) => {
    await actions.expireAndNotify();
    const inv = await findInvoice(ctx.db, txnId);
    if (!inv)
      return sendPage(
        reply,
        404,
        "Plisio",
        html`<h1>No such invoice</h1><p><a href="${BASE}">All invoices</a></p>`,
      );
    const callbacks = (await sender.list(200)).filter((c) => c.txnId === txnId);
    return sendPage(reply, status, `Invoice ${inv.orderNumber}`, invoicePage(inv, callbacks, appUrl, note));
  };

  scope.get<{ Params: { txnId: string }; Querystring: { done?: string } }>(
    `${BASE}/invoice/:txnId`,
    async (request, reply) =>
      showInvoice(
        reply,
        request.params.txnId,
        200,
        request.query.done ? { kind: "ok", text: "Done: the callback was sent." } : undefined,
      ),
  );

  scope.post<{ Params: { txnId: string } }>(`${BASE}/invoice/:txnId/actions`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const action: InvoiceAction | undefined =
      body.action === "pay-amount"
        ? { type: "payAmount", amount: (body.amount ?? "").trim() }
        : FORM_ACTIONS[body.action ?? ""];
    if (!action)
      return showInvoice(reply, request.params.txnId, 400, { kind: "bad", text: "Unknown action." });
    try {
      const result = await actions.apply(request.params.txnId, action);
      if (!result) return showInvoice(reply, request.params.txnId, 404);
    } catch (err) {
      if (err instanceof ActionRefused)
        return showInvoice(reply, request.params.txnId, 409, { kind: "bad", text: err.message });
      throw err;
    }
    return reply.redirect(`${BASE}/invoice/${encodeURIComponent(request.params.txnId)}?done=1`, 303);
  });

  scope.get(BASE, async (_request, reply) => {
    const [invoices, settings, callbacks] = await Promise.all([
      listInvoices(ctx.db, 100),
      getSettings(ctx.db),
      sender.list(50),
    ]);
    return sendPage(
      reply,
      200,
      "Plisio",
      html`<h1>Plisio sandbox</h1>
<p class="lead">Stands in for api.plisio.net: invoices/new (white-label) and operations/{id}, signed callbacks with
verify_hash, and a page per invoice where you pay in full, in part, too much, or let it expire.</p>
<h2>Switches</h2>
<form class="card inline" method="post" action="${BASE}/settings/form">
<div><label for="expireMinutes">Invoice lifetime in minutes (empty: as the app asks)</label>
<input id="expireMinutes" name="expireMinutes" type="text" inputmode="numeric" pattern="[0-9]{0,5}" value="${settings.expireMinutes ?? ""}"></div>
<div><label for="callbacksPaused">Callbacks</label>
<select id="callbacksPaused" name="callbacksPaused"><option value="0" ${settings.callbacksPaused ? "" : "selected"}>sent</option><option value="1" ${settings.callbacksPaused ? "selected" : ""}>paused (lost)</option></select></div>
<button type="submit">Save</button>
</form>
<h2>Invoices (${invoices.length})</h2>
${
  invoices.length === 0
    ? html`<p class="card">No invoices yet.</p>`
    : html`<table><thead><tr><th>Created</th><th>Order</th><th>Amount</th><th>Status</th></tr></thead><tbody>
${invoices.map((inv) => html`<tr><td>${inv.createdAt.toISOString()}</td><td><a href="${BASE}/invoice/${inv.txnId}">${inv.orderName}</a></td><td>${crypto(inv, inv.amount)}</td><td>${inv.status}</td></tr>`)}
</tbody></table>`
}
<h2>Latest callbacks</h2>
${callbacks.length === 0 ? html`<p class="card">None yet.</p>` : html`<table><thead><tr><th>Created</th><th>Status sent</th><th>Attempts</th><th>Outcome</th></tr></thead><tbody>${callbacks.map(callbackLine)}</tbody></table>`}`,
    );
  });

  scope.post(`${BASE}/settings/form`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const minutes = body.expireMinutes?.trim() ? Number(body.expireMinutes) : null;
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_080))
      return reply.redirect(BASE, 303);
    await saveSettings(ctx.db, { expireMinutes: minutes, callbacksPaused: body.callbacksPaused === "1" });
    return reply.redirect(BASE, 303);
  });
}
