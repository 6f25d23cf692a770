import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { defineAnalyticsFoldJob } from "./analytics-fold.js";
import { analyticsRoutes, sellerRoutes } from "./routes.js";

export { foldAnalytics } from "./analytics-fold.js";
export { invalidateDashboardRollups } from "./rollups.js";

/**
 * The seller's dashboard, read from hourly and daily roll-ups so a million orders stay fast, and the advanced
 * analytics of Basic and Pro with their CSV export (decision 046).
 */
export const dashboardModule: AppModule = {
  name: "dashboard",
  prefixes: ["/api/dashboard", "/api/analytics"],
  async plugin(app, { ctx }) {
    defineAnalyticsFoldJob(ctx);
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "seller", (r) => analyticsRoutes(r, ctx));
  },
};
