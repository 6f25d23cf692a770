import { createHash, randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  COMPLIANCE_TOPICS,
  normaliseShopDomain,
  SHOP_DOMAIN_RE,
  SHOPIFY_WEBHOOK_PATHS,
} from "../../../contract/shopify.js";
import {
  sandboxShopifyDeliveries,
  sandboxShopifyFulfillments,
  sandboxShopifyOrders,
  sandboxShopifyProducts,
  sandboxShopifyTokens,
  sandboxShopifyWebhooks,
} from "../../db/schema/index.js";
import { acceptFormPosts, addSandboxEntry, type SandboxContext, sendPage } from "../sandbox-home.js";
import { SHOPIFY_API_VERSION, webhookTopicEnum } from "./client.js";
import { oauthQueryHmac, webhookHmac } from "./hmac.js";
import { executeAdminGraphql } from "./sandbox-graphql.js";
import * as pages from "./sandbox-pages.js";
import {
  compliancePayload,
  createSandboxOrder,
  ensureSandboxShop,
  findAccessToken,
  findSandboxShop,
  issueAccessToken,
  issueAuthCode,
  listProductsWithVariants,
  listSandboxShops,
  redeemAuthCode,
  revokeAccessTokens,
  SandboxOrderError,
  type SandboxShop,
  shopPayload,
} from "./sandbox-store.js";

const BASE = "/__sandbox/shopify";
const DELIVERY_TIMEOUT_MS = 5_000;
const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

type ShopParams = { shop: string };

const orderRequestSchema = z.object({
  lineItems: z
    .array(
      z.object({
        variantId: z
          .union([z.string(), z.number()])
          .transform((v) => String(v).replace(/^gid:\/\/shopify\/ProductVariant\//, "")),
        quantity: z.number().int().min(0).max(10_000),
      }),
    )
    .min(1),
  email: z.email(),
});

/** Same webhook id for every retry of one event to one address, as Shopify does. */
function eventWebhookId(key: string): string {
  const h = createHash("sha1").update(key).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The Shopify emulator: OAuth (authorize page, code exchange), the Admin GraphQL API, webhook delivery signed with
 * X-Shopify-Hmac-Sha256, a storefront where a tester places orders and a small admin to watch the result.
 */
export async function registerShopifySandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Shopify",
    path: BASE,
    description:
      "Stores (any *.myshopify.com), OAuth, Admin GraphQL, a storefront that places orders and sends orders/create webhooks.",
  });

  /** Sends one webhook as Shopify does; the app's own URLs are called in-process (tests run without a port). */
  async function deliver(p: {
    shop: string;
    topic: string;
    address: string;
    body: string;
    orderId?: string;
    webhookId?: string;
  }) {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "Shopify-Captain-Hook",
      "x-shopify-topic": p.topic,
      "x-shopify-hmac-sha256": webhookHmac(ctx.config.shopifyApiSecret, p.body),
      "x-shopify-shop-domain": p.shop,
      "x-shopify-webhook-id": p.webhookId ?? randomUUID(),
      "x-shopify-event-id": randomUUID(),
      "x-shopify-triggered-at": new Date().toISOString(),
      "x-shopify-api-version": SHOPIFY_API_VERSION,
    };
    let status: number | null = null;
    let error: string | null = null;
    try {
      if (p.address.startsWith(`${ctx.config.publicUrl}/`)) {
        const url = new URL(p.address);
        const res = await app.inject({
          method: "POST",
          url: url.pathname + url.search,
          headers,
          payload: p.body,
        });
        status = res.statusCode;
      } else {
        const res = await fetch(p.address, {
          method: "POST",
          headers,
          body: p.body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        status = res.status;
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    await ctx.db.insert(sandboxShopifyDeliveries).values({
      shop: p.shop,
      topic: p.topic,
      webhookId: headers["x-shopify-webhook-id"],
      address: p.address,
      orderId: p.orderId,
      status,
      error,
    });
    return { address: p.address, status, error };
  }

  async function deliverTopic(shop: string, topic: string, body: string, orderId?: string) {
    const subs = await ctx.db
      .select()
      .from(sandboxShopifyWebhooks)
      .where(
        and(eq(sandboxShopifyWebhooks.shop, shop), eq(sandboxShopifyWebhooks.topic, webhookTopicEnum(topic))),
      );
    const results = [];
    for (const s of subs) {
      const webhookId = orderId ? eventWebhookId(`${orderId}:${s.id}`) : undefined;
      results.push(await deliver({ shop, topic, address: s.callbackUrl, body, orderId, webhookId }));
    }
    return results;
  }

  const isForm = (request: FastifyRequest) =>
    String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

  /** A shop route's store; unknown domains are created (every *.myshopify.com store exists here). */
  async function shopOf(
    request: FastifyRequest<{ Params: ShopParams }>,
    reply: FastifyReply,
  ): Promise<SandboxShop | null> {
    const domain = request.params.shop.toLowerCase();
    if (!SHOP_DOMAIN_RE.test(domain)) {
      await sendPage(
        reply,
        404,
        "Unknown store",
        pages.errorPage("A store domain looks like name.myshopify.com."),
      );
      return null;
    }
    return ensureSandboxShop(ctx.db, ctx.config.publicUrl, domain);
  }

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

  async function placeOrder(shop: SandboxShop, input: z.infer<typeof orderRequestSchema>) {
    const order = await createSandboxOrder(ctx.db, shop, input);
    const deliveries = await deliverTopic(shop.domain, "orders/create", order.payload, order.id);
    return { order, deliveries };
  }

  await app.register(async (scope) => {
    acceptFormPosts(scope);

    scope.get(BASE, async (_request, reply) => {
      const shops = await listSandboxShops(ctx.db);
      const rows = [];
      for (const s of shops) {
        const [[p], [o], [t]] = await Promise.all([
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

    // OAuth: the authorize page, its approval, and the code exchange.
    type AuthorizeQuery = { client_id?: string; scope?: string; redirect_uri?: string; state?: string };
    const checkAuthorize = (q: AuthorizeQuery): string | null => {
      if (q.client_id !== ctx.config.shopifyApiKey)
        return "Oauth error invalid_request: The client_id is not valid for any app.";
      if (!q.redirect_uri?.startsWith(`${ctx.config.publicUrl}/`)) {
        return "Oauth error invalid_request: The redirect_uri is not whitelisted.";
      }
      if (!q.scope) return "Oauth error invalid_scope: No scopes were requested.";
      return null;
    };

    scope.get<{ Params: ShopParams; Querystring: AuthorizeQuery }>(
      `${BASE}/:shop/admin/oauth/authorize`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const problem = checkAuthorize(request.query);
        if (problem) return sendPage(reply, 400, "Install app", pages.errorPage(problem));
        const { client_id, scope: scopes, redirect_uri, state } = request.query;
        return sendPage(
          reply,
          200,
          "Install app",
          pages.authorizePage({
            shop: shop.domain,
            scopes: scopes!.split(",").filter(Boolean),
            fields: {
              client_id: client_id!,
              scope: scopes!,
              redirect_uri: redirect_uri!,
              state: state ?? "",
            },
          }),
        );
      },
    );

    scope.post<{ Params: ShopParams; Body: AuthorizeQuery }>(
      `${BASE}/:shop/admin/oauth/authorize`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const body = request.body ?? {};
        const problem = checkAuthorize(body);
        if (problem) return sendPage(reply, 400, "Install app", pages.errorPage(problem));
        const code = await issueAuthCode(ctx.db, shop.domain, body.scope!);
        const params: Record<string, string> = {
          code,
          host: Buffer.from(`${shop.domain}/admin`).toString("base64url"),
          shop: shop.domain,
          state: body.state ?? "",
          timestamp: String(Math.floor(Date.now() / 1000)),
        };
        params.hmac = oauthQueryHmac(ctx.config.shopifyApiSecret, params);
        return reply.redirect(`${body.redirect_uri}?${new URLSearchParams(params)}`, 302);
      },
    );

    scope.post<{ Params: ShopParams; Body: { client_id?: string; client_secret?: string; code?: string } }>(
      `${BASE}/:shop/admin/oauth/access_token`,
      async (request, reply) => {
        const shop = await findSandboxShop(ctx.db, request.params.shop);
        const body = request.body ?? {};
        if (
          !shop ||
          body.client_id !== ctx.config.shopifyApiKey ||
          body.client_secret !== ctx.config.shopifyApiSecret
        ) {
          return reply
            .status(400)
            .send({ error: "invalid_client", error_description: "Client credentials are invalid" });
        }
        const granted = body.code ? await redeemAuthCode(ctx.db, shop.domain, body.code) : null;
        if (!granted) {
          return reply.status(400).send({
            error: "invalid_request",
            error_description: "The authorization code was not found or was already used",
          });
        }
        const token = await issueAccessToken(ctx.db, shop.domain, granted.scopes);
        return reply.send({ access_token: token, scope: granted.scopes });
      },
    );

    scope.post<{ Params: ShopParams & { version: string } }>(
      `${BASE}/:shop/admin/api/:version/graphql.json`,
      async (request, reply) => {
        const shop = await findSandboxShop(ctx.db, request.params.shop);
        const token = request.headers["x-shopify-access-token"];
        const access =
          shop && typeof token === "string" ? await findAccessToken(ctx.db, shop.domain, token) : null;
        if (!shop || !access) return reply.status(401).send({ errors: INVALID_TOKEN });
        if (!/^\d{4}-\d{2}$|^unstable$/.test(request.params.version)) {
          return reply.status(404).send({ errors: "Not Found" });
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        return reply.send(await executeAdminGraphql({ db: ctx.db, shop, scopes: access.scopes }, body));
      },
    );

    // Control calls and the storefront.
    scope.post<{ Params: ShopParams }>(`${BASE}/:shop/orders`, async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
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
          delivered: deliveries.filter((d) => d.status !== null && d.status < 300).length,
          deliveries,
        });
      } catch (err) {
        if (err instanceof SandboxOrderError) return reply.status(400).send({ error: err.message });
        throw err;
      }
    });

    scope.get<{ Params: ShopParams; Querystring: { error?: string } }>(
      `${BASE}/:shop/store`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
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
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const form = request.body ?? {};
        const lineItems = Object.entries(form)
          .filter(([k]) => k.startsWith("qty_"))
          .map(([k, v]) => ({ variantId: k.slice(4), quantity: Number.parseInt(v, 10) || 0 }))
          .filter((l) => l.quantity > 0);
        const parsed = orderRequestSchema.safeParse({ lineItems, email: (form.email ?? "").trim() });
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
          return reply.redirect(
            pages.sandboxShopPath(shop.domain, `/admin/orders/${order.id}?placed=1`),
            303,
          );
        } catch (err) {
          if (!(err instanceof SandboxOrderError)) throw err;
          return reply.redirect(
            pages.sandboxShopPath(shop.domain, `/store?${new URLSearchParams({ error: err.message })}`),
            303,
          );
        }
      },
    );

    scope.post<{ Params: ShopParams & { id: string } }>(
      `${BASE}/:shop/orders/:id/redeliver`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const [order] = await ctx.db
          .select()
          .from(sandboxShopifyOrders)
          .where(
            and(eq(sandboxShopifyOrders.shop, shop.domain), eq(sandboxShopifyOrders.id, request.params.id)),
          );
        if (!order) return reply.status(404).send({ error: "Order not found" });
        const deliveries = await deliverTopic(shop.domain, "orders/create", order.payload, order.id);
        if (isForm(request))
          return reply.redirect(
            pages.sandboxShopPath(shop.domain, `/admin/orders/${order.id}?resent=1`),
            303,
          );
        return reply.send({
          delivered: deliveries.filter((d) => d.status !== null && d.status < 300).length,
          deliveries,
        });
      },
    );

    scope.post<{ Params: ShopParams }>(`${BASE}/:shop/uninstall`, async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
      const deliveries = await deliverTopic(shop.domain, "app/uninstalled", shopPayload(shop));
      await revokeAccessTokens(ctx.db, shop.domain);
      await ctx.db.delete(sandboxShopifyWebhooks).where(eq(sandboxShopifyWebhooks.shop, shop.domain));
      if (isForm(request))
        return reply.redirect(pages.sandboxShopPath(shop.domain, "/admin/settings?done=uninstalled"), 303);
      return reply.send({
        delivered: deliveries.filter((d) => d.status !== null && d.status < 300).length,
        deliveries,
      });
    });

    // Compliance topics go to the addresses of the app's configuration, not to API subscriptions.
    scope.post<{ Params: ShopParams; Body: { topic?: string; email?: string } }>(
      `${BASE}/:shop/compliance`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
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

    // The admin pages.
    scope.get<{ Params: ShopParams }>(`${BASE}/:shop/admin`, async (request, reply) =>
      reply.redirect(pages.sandboxShopPath(request.params.shop, "/admin/orders"), 303),
    );

    scope.get<{ Params: ShopParams }>(`${BASE}/:shop/admin/orders`, async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
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

    scope.get<{ Params: ShopParams & { id: string }; Querystring: { placed?: string; resent?: string } }>(
      `${BASE}/:shop/admin/orders/:id`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const [order] = await ctx.db
          .select()
          .from(sandboxShopifyOrders)
          .where(
            and(eq(sandboxShopifyOrders.shop, shop.domain), eq(sandboxShopifyOrders.id, request.params.id)),
          );
        if (!order) return sendPage(reply, 404, "Order", pages.errorPage("No such order in this store."));
        const [deliveries, fulfillments] = await Promise.all([
          deliveriesOf(shop.domain),
          fulfillmentsOf(shop.domain),
        ]);
        const message = request.query.placed
          ? "Order placed."
          : request.query.resent
            ? "Webhook sent again."
            : undefined;
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
          }),
        );
      },
    );

    scope.get<{ Params: ShopParams }>(`${BASE}/:shop/admin/products`, async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
      const products = await listProductsWithVariants(ctx.db, shop.domain);
      return sendPage(reply, 200, "Products", pages.productsPage({ shop: shop.domain, products }));
    });

    scope.get<{ Params: ShopParams & { id: string } }>(
      `${BASE}/:shop/admin/products/:id`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
        const products = await listProductsWithVariants(ctx.db, shop.domain);
        return sendPage(
          reply,
          200,
          "Product",
          pages.productsPage({ shop: shop.domain, products, focus: request.params.id }),
        );
      },
    );

    scope.get<{ Params: ShopParams; Querystring: { done?: string } }>(
      `${BASE}/:shop/admin/settings`,
      async (request, reply) => {
        const shop = await shopOf(request, reply);
        if (!shop) return reply;
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
            webhooks,
            deliveries: deliveries.slice(0, 20),
            message:
              done === "uninstalled"
                ? "The app was uninstalled and app/uninstalled was sent."
                : done
                  ? `${done} was sent.`
                  : undefined,
          }),
        );
      },
    );
  });
}
