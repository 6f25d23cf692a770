import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  sandboxShopifyDeliveries,
  sandboxShopifyFulfillments,
  sandboxShopifyOrders,
  sandboxShopifyTokens,
  sandboxShopifyWebhooks,
} from "../../../db/schema/index.js";
import { sendPage } from "../../sandbox-home.js";
import * as pages from "./pages.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findSandboxOrder, listProductsWithVariants } from "./store.js";

/** The store's admin pages: orders with their webhook deliveries and fulfillments, products, app and webhooks. */
export function registerAdminPages(scope: FastifyInstance, { ctx, shopOf }: ShopifySandbox): void {
  async function deliveriesOf(shop: string) {
    return ctx.db
      .select()
      .from(sandboxShopifyDeliveries)
      .where(eq(sandboxShopifyDeliveries.shop, shop))
      .orderBy(desc(sandboxShopifyDeliveries.id))
      .limit(500);
  }

  async function fulfillmentsOf(shop: string) {
    return ctx.db.select().from(sandboxShopifyFulfillments).where(eq(sandboxShopifyFulfillments.shop, shop));
  }

  scope.get<{ Params: ShopParams }>(`${BASE}/:shop/admin`, async (request, reply) =>
    reply.redirect(pages.sandboxShopPath(request.params.shop, "/admin/orders"), 303),
  );

  scope.get<{ Params: ShopParams }>(`${BASE}/:shop/admin/orders`, async (request, reply) => {
    const shop = await shopOf(request);
    const orders = await ctx.db
      .select()
      .from(sandboxShopifyOrders)
      .where(eq(sandboxShopifyOrders.shop, shop.domain))
      .orderBy(desc(sandboxShopifyOrders.createdAt))
      .limit(200);
    const [deliveries, fulfillments] = await Promise.all([
      deliveriesOf(shop.domain),
      fulfillmentsOf(shop.domain),
    ]);
    return sendPage(
      reply,
      200,
      "Orders",
      pages.ordersPage({ shop: shop.domain, orders, deliveries, fulfillments }),
    );
  });

  scope.get<{
    Params: ShopParams & { id: string };
    Querystring: { placed?: string; resent?: string; done?: string; error?: string };
  }>(`${BASE}/:shop/admin/orders/:id`, async (request, reply) => {
    const shop = await shopOf(request);
    const order = await findSandboxOrder(ctx.db, shop.domain, request.params.id);
    if (!order) return sendPage(reply, 404, "Order", pages.errorPage("No such order in this store."));
    const [deliveries, fulfillments] = await Promise.all([
      deliveriesOf(shop.domain),
      fulfillmentsOf(shop.domain),
    ]);
    const message = request.query.placed
      ? "Order placed."
      : request.query.resent
        ? "Webhook sent again."
        : request.query.done;
    return sendPage(
      reply,
      200,
      `Order ${order.name}`,
      pages.orderPage({
        shop: shop.domain,
        order,
        deliveries: deliveries.filter((d) => d.orderId === order.id),
        fulfillments: fulfillments.filter((f) => f.orderId === order.id),
        message,
        error: request.query.error,
      }),
    );
  });

  // The products, or one of them in focus.
  const productsPage = async (
    request: FastifyRequest<{ Params: ShopParams & { id?: string } }>,
    reply: FastifyReply,
  ) => {
    const shop = await shopOf(request);
    const products = await listProductsWithVariants(ctx.db, shop.domain);
    const focus = request.params.id;
    return sendPage(
      reply,
      200,
      focus ? "Product" : "Products",
      pages.productsPage({ shop: shop.domain, products, focus }),
    );
  };
  scope.get(`${BASE}/:shop/admin/products`, productsPage);
  scope.get(`${BASE}/:shop/admin/products/:id`, productsPage);

  scope.get<{ Params: ShopParams; Querystring: { done?: string } }>(
    `${BASE}/:shop/admin/settings`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const [tokens, webhooks, deliveries] = await Promise.all([
        ctx.db
          .select({ scopes: sandboxShopifyTokens.scopes })
          .from(sandboxShopifyTokens)
          .where(and(eq(sandboxShopifyTokens.shop, shop.domain), isNull(sandboxShopifyTokens.revokedAt)))
          .orderBy(desc(sandboxShopifyTokens.createdAt))
          .limit(1),
        ctx.db.select().from(sandboxShopifyWebhooks).where(eq(sandboxShopifyWebhooks.shop, shop.domain)),
        deliveriesOf(shop.domain),
      ]);
      const done = request.query.done;
      return sendPage(
        reply,
        200,
        "App and webhooks",
        pages.settingsPage({
          shop: shop.domain,
          installed: tokens[0] ?? null,
          revoked: !tokens[0] && webhooks.length > 0,
          webhooks,
          deliveries: deliveries.slice(0, 20),
          message:
            done === "uninstalled"
              ? "The app was uninstalled and app/uninstalled was sent."
              : done === "revoked"
                ? "The app's access tokens were revoked: its Admin API calls are refused until it is installed again."
                : done
                  ? `${done} was sent.`
                  : undefined,
        }),
      );
    },
  );
}
