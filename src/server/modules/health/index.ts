import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { publicRoutes } from "./routes.js";

/** Liveness and readiness of this instance: database, realtime listener, job workers. */
export const healthModule: AppModule = {
  name: "health",
  prefixes: ["/api/health/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "public", (r) => publicRoutes(r, ctx));
  },
};
