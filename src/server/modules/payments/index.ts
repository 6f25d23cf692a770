import { PROVIDER_PATH } from "../../../contract/payments.js";
import type { AppContext, AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { adminRoutes, callbackRoutes, sellerRoutes } from "./routes.js";
import { pollOpenInvoices } from "./service.js";

const POLL_JOB = "payments.poll";

/** The poller's handler (exported so tests run it without waiting for the schedule). */
export function pollHandler(ctx: AppContext): () => Promise<void> {
  return async () => {
    const tally = await pollOpenInvoices(ctx);
    if (tally.updated + tally.activated + tally.failed > 0)
      ctx.log.info(tally, "polled open crypto invoices");
  };
}

/** Crypto payments for plans: invoices at the provider, its callbacks, the poller, discount codes at checkout. */
export const paymentsModule: AppModule = {
  name: "payments",
  prefixes: [
    `${PROVIDER_PATH}/`,
    "/api/discount-codes/",
    "/api/admin/discount-codes",
    "/api/admin/payments-to-settle",
  ],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "public", (r) => callbackRoutes(r, ctx));
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
    ctx.jobs.define({
      name: POLL_JOB,
      handler: pollHandler(ctx),
      schedule: "* * * * *",
      retryLimit: 1,
    });
  },
};
