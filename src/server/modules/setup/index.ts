import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

/** The setup wizard: the plan a new seller starts on. */
export const setupModule: AppModule = {
  name: "setup",
  prefixes: ["/api/user/update-subscription"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
