import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { publicRoutes } from "./routes.js";

/** The landing page's public counters (and the admin's totals). */
export const statsModule: AppModule = {
  name: "stats",
  prefixes: ["/api/stats"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "public", (r) => publicRoutes(r, ctx));
  },
};
