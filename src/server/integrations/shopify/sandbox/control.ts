import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COMPLIANCE_TOPICS, SHOPIFY_WEBHOOK_PATHS } from "../../../../contract/shopify.js";
import { sandboxShopifyOrders, sandboxShopifyWebhooks } from "../../../db/schema/index.js";
import * as pages from "./pages.js";
import { BASE, isForm, orderRequestSchema, type ShopifySandbox, type ShopParams } from "./shared.js";
import {
  compliancePayload,
  findSandboxOrder,
  revokeAccessTokens,
  SandboxOrderError,
  shopPayload,
} from "./store.js";
import { deliveredCount } from "./webhooks.js";

/**
 * The control calls a test (or the admin pages' buttons) makes: place an order, send its webhook again, uninstall
 * the app, revoke its tokens, send a compliance topic.
 */
export function registerControlApi(
  scope: FastifyInstance,
  { ctx, shopOf, deliver, deliverTopic, placeOrder }: ShopifySandbox,
): void {
  scope.post<{ Params: ShopParams }>(`${BASE}/:shop/orders`, async (request, reply) => {
    const shop = await shopOf(request);
    const parsed = orderRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
    try {
      const { order, deliveries } = await placeOrder(shop, parsed.data);
      return reply.status(201).send({
        order: {
          id: order.id,
          name: order.name,
          email: order.email,
          totalPrice: order.totalPrice,
          createdAt: order.createdAt.toISOString(),
        },
        delivered: deliveredCount(deliveries),
        deliveries,
      });
    } catch (err) {
      if (err instanceof SandboxOrderError) return reply.status(400).send({ error: err.message });
      throw err;
    }
  });

  scope.post<{ Params: ShopParams & { id: string } }>(
    `${BASE}/:shop/orders/:id/redeliver`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const order = await findSandboxOrder(ctx.db, shop.domain, request.params.id);
      if (!order) return reply.status(404).send({ error: "Order not found" });
      const deliveries = await deliverTopic(shop.domain, "orders/create", order.payload, order.id);
      if (isForm(request))
        return reply.redirect(pages.sandboxShopPath(shop.domain, `/admin/orders/${order.id}?resent=1`), 303);
      return reply.send({
        delivered: deliveredCount(deliveries),
        deliveries,
      });
    },
  );

  scope.post<{ Params: ShopParams }>(`${BASE}/:shop/uninstall`, async (request, reply) => {
    const shop = await shopOf(request);
    const deliveries = await deliverTopic(shop.domain, "app/uninstalled", shopPayload(shop));
    await revokeAccessTokens(ctx.db, shop.domain);
    await ctx.db.delete(sandboxShopifyWebhooks).where(eq(sandboxShopifyWebhooks.shop, shop.domain));
    if (isForm(request))
      return reply.redirect(pages.sandboxShopPath(shop.domain, "/admin/settings?done=uninstalled"), 303);
    return reply.send({
      delivered: deliveredCount(deliveries),
      deliveries,
    });
  });

  // What a merchant or Shopify support revoking the app's access does: the app stays installed (its webhooks keep
  // coming), but every token and refresh token is refused until the app is installed again.
  scope.post<{ Params: ShopParams }>(`${BASE}/:shop/revoke-tokens`, async (request, reply) => {
    const shop = await shopOf(request);
    const revoked = await revokeAccessTokens(ctx.db, shop.domain);
    if (isForm(request))
      return reply.redirect(pages.sandboxShopPath(shop.domain, "/admin/settings?done=revoked"), 303);
    return reply.send({ revoked });
  });

  // Compliance topics go to the addresses of the app's configuration, not to API subscriptions.
  scope.post<{ Params: ShopParams; Body: { topic?: string; email?: string } }>(
    `${BASE}/:shop/compliance`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const topic = COMPLIANCE_TOPICS.find((t) => t === request.body?.topic);
      if (!topic)
        return reply.status(400).send({ error: `topic must be one of ${COMPLIANCE_TOPICS.join(", ")}` });
      const email = (request.body?.email ?? "").trim();
      const orders = email
        ? await ctx.db
            .select({ id: sandboxShopifyOrders.id })
            .from(sandboxShopifyOrders)
            .where(and(eq(sandboxShopifyOrders.shop, shop.domain), eq(sandboxShopifyOrders.email, email)))
        : [];
      const body = compliancePayload(shop, topic, { email, orderIds: orders.map((o) => o.id) });
      const result = await deliver({
        shop: shop.domain,
        topic,
        address: `${ctx.config.publicUrl}${SHOPIFY_WEBHOOK_PATHS[topic]}`,
        body,
      });
      if (isForm(request))
        return reply.redirect(
          pages.sandboxShopPath(shop.domain, `/admin/settings?done=${encodeURIComponent(topic)}`),
          303,
        );
      return reply.send({
        delivered: result.status !== null && result.status < 300 ? 1 : 0,
        deliveries: [result],
      });
    },
  );
}
