import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

/** The signed-in seller's Server-Sent Events stream (realtime changes from any instance). */
export const liveEventsModule: AppModule = {
  name: "live-events",
  prefixes: ["/api/events"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
