import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SandboxContext } from "../../sandbox-home.js";
import { ActionRefused, type InvoiceAction, type InvoiceActions } from "./actions.js";
import type { CallbackSender } from "./delivery.js";
import { BASE, findInvoice, getSettings, listInvoices, saveSettings } from "./state.js";

const actionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pay"), kind: z.enum(["full", "part", "over"]) }),
  z.object({ type: z.literal("payAmount"), amount: z.string().max(30) }),
  z.object({ type: z.literal("confirm") }),
  z.object({ type: z.literal("expire") }),
]);

const settingsSchema = z.object({
  expireMinutes: z.number().int().min(1).max(10_080).nullable(),
  callbacksPaused: z.boolean(),
});

/** Runs an action for a JSON caller: 404 for an unknown invoice, 409 with the reason when it does not apply. */
async function runAction(actions: InvoiceActions, txnId: string, action: InvoiceAction, reply: FastifyReply) {
  try {
    const result = await actions.apply(txnId, action);
    if (!result) return reply.status(404).send({ error: "No such invoice" });
    return result;
  } catch (err) {
    if (err instanceof ActionRefused) return reply.status(409).send({ error: err.message });
    throw err;
  }
}

/** The JSON control API for tests: read invoices and callbacks, act on an invoice, resend callbacks, switches. */
export function registerControlApi(
  scope: FastifyInstance,
  ctx: SandboxContext,
  actions: InvoiceActions,
  sender: CallbackSender,
): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  const txn = { params: z.object({ txnId: z.string().max(64) }) };
  api.get(`${BASE}/invoices`, async () => ({ invoices: await listInvoices(ctx.db, 100) }));
  api.get(`${BASE}/invoices/:txnId`, { schema: txn }, async (request, reply) => {
    const invoice = await findInvoice(ctx.db, request.params.txnId);
    return invoice ? { invoice } : reply.status(404).send({ error: "No such invoice" });
  });
  api.post(
    `${BASE}/invoices/:txnId/actions`,
    { schema: { ...txn, body: actionSchema } },
    async (request, reply) => runAction(actions, request.params.txnId, request.body, reply),
  );
  api.get(`${BASE}/callbacks`, async () => ({ callbacks: await sender.list(200) }));
  api.post(`${BASE}/callbacks/deliver`, async () => ({ delivered: await sender.deliverDue({ all: true }) }));
  api.get(`${BASE}/settings`, async () => getSettings(ctx.db));
  api.post(`${BASE}/settings`, { schema: { body: settingsSchema } }, async (request) => {
    await saveSettings(ctx.db, request.body);
    return getSettings(ctx.db);
  });
}
