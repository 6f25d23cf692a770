import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { onOrderCompleted, onOrdersCreated } from "../orders/index.js";
import { defineApplyStateJob } from "./order-state.js";
import { oauthCallbackRoutes, sellerRoutes } from "./routes.js";
import {
  fulfillIfDelivered,
  type InventorySyncJob,
  queueOrderedInventorySyncs,
  SYNC_INVENTORY_JOB,
  syncListingsInventory,
} from "./service.js";
import { renewIdleTokens } from "./tokens.js";
import { webhookRoutes } from "./webhooks.js";

export { ingestShopifyOrder } from "./intake.js";
export {
  connectedShop,
  queueInventorySync,
  requireConnectedShop,
  shopDomainOf,
  shopifyHttpError,
  webhookSubscriptions,
} from "./service.js";
export { tokenColumns } from "./tokens.js";

/**
 * The seller's Shopify store: OAuth install, webhooks (uninstall, compliance), the order intake (orders/create:
 * one order per game, reserved stock, idempotent) and the purchase's lifecycle after it (payment, cancellation,
 * refunds, events out of order; decision 028) with their tables, inventory levels synced back by a job, and
 * fulfillment once an order is delivered. What happens to the orders goes through the orders module's operations.
 */
export const shopifyModule: AppModule = {
  name: "shopify",
  prefixes: ["/api/shopify/", "/api/webhooks/shopify/"],
  async plugin(app, { ctx }) {
    ctx.jobs.define<InventorySyncJob | { listingId: string }>({
      name: SYNC_INVENTORY_JOB,
      retryLimit: 8,
      retryDelaySeconds: 15,
      // Jobs queued before syncs were grouped per store carry one listingId.
      handler: (job) =>
        syncListingsInventory(ctx, "listingIds" in job ? job : { listingIds: [job.listingId] }),
    });
    ctx.jobs.define({
      name: "shopify.renew-idle-tokens",
      schedule: "41 4 * * *",
      retryLimit: 3,
      retryDelaySeconds: 600,
      // One Shopify call per due store; a re-run after a crash is harmless (each renewal checks again under lock).
      handler: () => renewIdleTokens(ctx),
    });
    defineApplyStateJob(ctx);
    onOrdersCreated(ctx, ({ events }) => queueOrderedInventorySyncs(ctx, events));
    onOrderCompleted(ctx, (event) => fulfillIfDelivered(ctx, event.orderId));

    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "public", (r) => oauthCallbackRoutes(r, ctx));
    await scoped(app, ctx, "public", (r) => webhookRoutes(r, ctx));
  },
};
