import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  installQuerySchema,
  reconnectResponseSchema,
  storeProductListSchema,
} from "../../../contract/shopify.js";
import type { AppContext } from "../../context.js";
import { currentUser, requireUser, userOf } from "../auth/sessions.js";
import { onOrderCompleted } from "../orders/completion.js";
import { orderCreatedHook } from "../orders/events.js";
import {
  beginInstall,
  finishInstall,
  fulfillIfDelivered,
  type InventorySyncJob,
  queueOrderedInventorySyncs,
  reconnect,
  SYNC_INVENTORY_JOB,
  storeProducts,
  syncListingsInventory,
} from "./service.js";
import { registerShopifyWebhooks } from "./webhooks.js";

export async function registerShopify(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  ctx.jobs.define<InventorySyncJob | { listingId: string }>({
    name: SYNC_INVENTORY_JOB,
    retryLimit: 8,
    retryDelaySeconds: 15,
    // Jobs queued before syncs were grouped per store carry one listingId.
    handler: (job) => syncListingsInventory(ctx, "listingIds" in job ? job : { listingIds: [job.listingId] }),
  });
  orderCreatedHook.on(ctx, ({ events }) => queueOrderedInventorySyncs(ctx, events));
  onOrderCompleted(ctx, (event) => fulfillIfDelivered(ctx, event.orderId));

  r.get(
    "/api/shopify/install",
    { onRequest: requireUser(ctx.db), schema: { querystring: installQuerySchema } },
    async (request, reply) => {
      const url = await beginInstall(ctx, userOf(request).id, request.query.shop, request.query.purpose);
      return reply.redirect(url, 302);
    },
  );

  // Shopify sends the browser back here; a top-level GET carries the SameSite=Lax session cookie.
  r.get("/api/shopify/callback", async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    );
    const user = await currentUser(ctx.db, request);
    return reply.redirect(await finishInstall(ctx, user, query), 302);
  });

  r.post(
    "/api/shopify/reconnect",
    { onRequest: requireUser(ctx.db), schema: { response: { 200: reconnectResponseSchema } } },
    async (request) => {
      await reconnect(ctx, userOf(request).id);
      return { success: true as const };
    },
  );

  r.get(
    "/api/shopify/products",
    { onRequest: requireUser(ctx.db), schema: { response: { 200: storeProductListSchema } } },
    async (request) => storeProducts(ctx, userOf(request).id),
  );

  await registerShopifyWebhooks(app, ctx);
}
