import { and, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { normaliseShopDomain } from "../../../../contract/shopify.js";
import { missing } from "../../../db/rows.js";
import {
  sandboxShopifyOrders,
  sandboxShopifyProducts,
  sandboxShopifyTokens,
} from "../../../db/schema/index.js";
import { sendPage } from "../../sandbox-home.js";
import * as pages from "./pages.js";
import { BASE, orderRequestSchema, type ShopifySandbox, type ShopParams } from "./shared.js";
import { listProductsWithVariants, listSandboxShops, SandboxOrderError } from "./store.js";
import { thankYouPath } from "./thank-you.js";

/** The stores' list, and each store's storefront where a tester places an order (sent as orders/create). */
export function registerStorefront(
  scope: FastifyInstance,
  { ctx, shopOf, placeOrder }: ShopifySandbox,
): void {
  scope.get(BASE, async (_request, reply) => {
    const shops = await listSandboxShops(ctx.db);
    const rows = [];
    for (const s of shops) {
      const [
        [p = missing("the product count")],
        [o = missing("the order count")],
        [t = missing("the token count")],
      ] = await Promise.all([
        ctx.db
          .select({ n: count() })
          .from(sandboxShopifyProducts)
          .where(eq(sandboxShopifyProducts.shop, s.domain)),
        ctx.db
          .select({ n: count() })
          .from(sandboxShopifyOrders)
          .where(eq(sandboxShopifyOrders.shop, s.domain)),
        ctx.db
          .select({ n: count() })
          .from(sandboxShopifyTokens)
          .where(and(eq(sandboxShopifyTokens.shop, s.domain), isNull(sandboxShopifyTokens.revokedAt))),
      ]);
      rows.push({ domain: s.domain, products: p.n, orders: o.n, installed: t.n > 0 });
    }
    return sendPage(reply, 200, "Shopify", pages.homePage(rows));
  });

  scope.get<{ Querystring: { shop?: string } }>(`${BASE}/open`, async (request, reply) => {
    const domain = normaliseShopDomain(request.query.shop ?? "");
    if (!domain)
      return sendPage(
        reply,
        400,
        "Shopify",
        pages.errorPage("Enter a store name such as my-store.myshopify.com."),
      );
    return reply.redirect(pages.sandboxShopPath(domain, "/store"), 303);
  });

  scope.get<{ Params: ShopParams; Querystring: { error?: string } }>(
    `${BASE}/:shop/store`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const products = await listProductsWithVariants(ctx.db, shop.domain);
      return sendPage(
        reply,
        200,
        "Storefront",
        pages.storefrontPage({ shop: shop.domain, products, error: request.query.error }),
      );
    },
  );

  scope.post<{ Params: ShopParams; Body: Record<string, string> }>(
    `${BASE}/:shop/store/checkout`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const form = request.body ?? {};
      const lineItems = Object.entries(form)
        .filter(([k]) => k.startsWith("qty_"))
        .map(([k, v]) => ({ variantId: k.slice(4), quantity: Number.parseInt(v, 10) || 0 }))
        .filter((l) => l.quantity > 0);
      const parsed = orderRequestSchema.safeParse({
        lineItems,
        email: (form.email ?? "").trim(),
        financialStatus: form.financialStatus || undefined,
      });
      if (!parsed.success) {
        const why =
          lineItems.length === 0
            ? "Choose a quantity for at least one product."
            : "Enter a valid e-mail address.";
        return reply.redirect(
          pages.sandboxShopPath(shop.domain, `/store?${new URLSearchParams({ error: why })}`),
          303,
        );
      }
      try {
        const { order } = await placeOrder(shop, parsed.data);
        return reply.redirect(thankYouPath(shop.domain, order.id), 303);
      } catch (err) {
        if (!(err instanceof SandboxOrderError)) throw err;
        return reply.redirect(
          pages.sandboxShopPath(shop.domain, `/store?${new URLSearchParams({ error: err.message })}`),
          303,
        );
      }
    },
  );
}
