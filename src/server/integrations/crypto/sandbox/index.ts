import type { FastifyInstance } from "fastify";
import { acceptFormPosts, addSandboxEntry, type SandboxContext } from "../../sandbox-home.js";
import { invoiceActions } from "./actions.js";
import { registerControlApi } from "./control.js";
import { callbackSender } from "./delivery.js";
import { registerPages } from "./pages.js";
import { BASE } from "./state.js";
import { registerWireApi } from "./wire.js";

/** How often the emulator expires invoices whose time ran out and resends the callbacks that are due. */
const SWEEP_MS = 5_000;

/**
 * The Plisio emulator: its API (invoices/new, operations/{id}) at the same paths as api.plisio.net/api/v1, signed
 * callbacks to the invoice's callback_url with Plisio-like retries, an invoice page for testers and a control API.
 */
export async function registerPlisioSandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Plisio",
    path: BASE,
    description:
      "Crypto payments standing in for plisio.net: white-label invoices, an invoice page to pay in full, in part, too " +
      "much or let it expire, and signed callbacks (verify_hash) to the app.",
  });
  const sender = callbackSender(app, ctx);
  const actions = invoiceActions(ctx, sender);
  await app.register(async (scope) => registerWireApi(scope, ctx, actions));
  await app.register(async (scope) => {
    acceptFormPosts(scope);
    registerControlApi(scope, ctx, actions, sender);
    registerPages(scope, ctx, actions, sender);
  });

  let sweeping: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = (async () => {
      await actions.expireAndNotify();
      await sender.deliverDue();
    })().catch((err) => app.log.warn({ err }, "plisio sandbox sweep failed"));
  }, SWEEP_MS);
  timer.unref();
  // preClose runs before the app's onClose closes the database, which a sweep under way still needs.
  app.addHook("preClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
}
