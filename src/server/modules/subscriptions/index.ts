import type { AppContext, AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { adminRoutes, sandboxRoutes, sellerRoutes } from "./routes.js";
import { downgradeExpired } from "./service.js";

export { activatePurchase } from "./service.js";

const DOWNGRADE_JOB = "subscriptions.downgrade";

/** The downgrade job's handler (exported so tests run it without waiting for the schedule). */
export function downgradeHandler(ctx: AppContext): () => Promise<void> {
  return async () => {
    const count = await downgradeExpired(ctx);
    if (count > 0) ctx.log.info({ count }, "expired subscriptions downgraded to free");
  };
}

/** Plans: key activation, the effect of a purchase on a seller's plan, and the downgrade of expired plans. */
export const subscriptionsModule: AppModule = {
  name: "subscriptions",
  prefixes: ["/api/subscription/", "/api/admin/subscription-keys", "/__sandbox/subscription-keys"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
    if (ctx.config.sandbox) await scoped(app, ctx, "public", (r) => sandboxRoutes(r, ctx));
    ctx.jobs.define({
      name: DOWNGRADE_JOB,
      handler: downgradeHandler(ctx),
      schedule: "*/5 * * * *",
      retryLimit: 2,
    });
  },
};
