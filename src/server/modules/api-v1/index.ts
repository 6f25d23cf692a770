import { apiIntegrationEndpoints } from "../../../contract/endpoints/api-integration.js";
import type { AppModule } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { apiKeyErrorFirst, routeByCaller, scoped } from "../auth/index.js";
import { onOrderClaimed } from "../claims/index.js";
import { onOrderCancelled, onOrderCompleted } from "../orders/index.js";
import { OPENAPI_PATH, openApiDocument, registerApiErrorHandler, registerOpenApi } from "./openapi.js";
import { enqueueApiOrderEvent, forgetExpiredIdempotencyKeys } from "./orders.js";
import { publicApiRoutes, sellerRoutes } from "./routes.js";
import { defineWebhookJob } from "./webhooks.js";

/**
 * The public API v1 for sellers' own shops and bots (bearer API keys, rate limits, idempotent orders), its OpenAPI
 * document, the API Integration page's routes (key, toggle, webhook) and the signed outgoing webhooks.
 */
export const apiV1Module: AppModule = {
  name: "api-v1",
  prefixes: [
    "/api/v1/",
    OPENAPI_PATH,
    "/api/settings/api-integration",
    "/api/settings/refresh-api-key",
    "/api/api-integration",
  ],
  apiKeyRoutes: ["/api/orders"],
  async plugin(app, { ctx }) {
    defineWebhookJob(ctx);
    ctx.jobs.define({
      name: "api.idempotency-cleanup",
      schedule: "17 * * * *",
      retryLimit: 2,
      handler: async () => {
        await forgetExpiredIdempotencyKeys(ctx);
      },
    });
    onOrderClaimed(ctx, ({ orderId }) => enqueueApiOrderEvent(ctx, orderId, "order.claimed"));
    onOrderCompleted(ctx, ({ orderId }) => enqueueApiOrderEvent(ctx, orderId, "order.completed"));
    // An API order that ends without its delivery failed, with the reason (docs/api.md, decision 031).
    onOrderCancelled(ctx, async ({ orderId, source, outcome }) => {
      if (source === "api" && outcome !== "refunded_after_delivery")
        await enqueueApiOrderEvent(ctx, orderId, "order.failed", { reason: outcome });
    });
    routeByCaller(app);
    await app.register(async (api) => {
      await registerOpenApi(api, ctx.config);
      // create-order checks its key in its handler: an unreadable body gets the key's errors first, as the hook's.
      registerApiErrorHandler(api, (request, reply) => apiKeyErrorFirst(ctx, request, reply));
      await scoped(api, ctx, "apiKey", (r) => publicApiRoutes(r, ctx));
      await scoped(api, ctx, "public", (r) => {
        const route = routeOf(apiIntegrationEndpoints.openapi);
        r.route({
          ...route,
          schema: { ...route.schema, hide: true },
          handler: async () => openApiDocument(api),
        });
      });
    });
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
