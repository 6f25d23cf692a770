import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { sellerRoutes } from "./routes.js";

/** Listings: a Shopify variant linked to the seller's items, its stock within the plan's listing limit. */
export const listingsModule: AppModule = {
  name: "listings",
  prefixes: ["/api/listings"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
