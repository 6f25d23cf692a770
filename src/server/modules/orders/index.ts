import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { defineOrderCompletedJob } from "./completion.js";
import { orderCreatedHook } from "./events.js";
import { sellerRoutes } from "./routes.js";

export { completeOrder, onOrderCompleted } from "./completion.js";
export { jobHook, type OrderCreatedEvent, onOrdersCreated } from "./events.js";
export { ingestShopifyOrder, intakeBatcher } from "./intake.js";
export { claimBaseUrl, SELLER_ORDER_FILTER, SELLER_ORDER_SELECT, toSellerOrder } from "./service.js";

/**
 * Orders: the Shopify intake (one order per game, reserved stock, idempotent), completion, the seller's list, and
 * the post-commit hooks other modules follow ("orders.created", "orders.completed" jobs).
 */
export const ordersModule: AppModule = {
  name: "orders",
  prefixes: ["/api/orders"],
  async plugin(app, { ctx }) {
    orderCreatedHook.define(ctx);
    defineOrderCompletedJob(ctx);
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
