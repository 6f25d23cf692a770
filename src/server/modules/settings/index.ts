import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

/** Store Settings: Discord notifications and the claim page style. */
export const settingsModule: AppModule = {
  name: "settings",
  prefixes: ["/api/settings/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
