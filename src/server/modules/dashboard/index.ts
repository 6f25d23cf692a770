import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

export { invalidateDashboardRollups } from "./service.js";

/** The seller's dashboard, read from hourly and daily roll-ups so a million orders stay fast. */
export const dashboardModule: AppModule = {
  name: "dashboard",
  prefixes: ["/api/dashboard"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
