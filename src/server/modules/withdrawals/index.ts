import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

/** Withdrawals (basic and pro): an order of the seller's own items, delivered in game by their bot. */
export const withdrawalsModule: AppModule = {
  name: "withdrawals",
  prefixes: ["/api/withdrawals/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
