import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import {
  SHOP_DOMAIN_RE,
  SHOPIFY_WEBHOOK_PATHS,
  type ShopifyWebhookTopic,
} from "../../../contract/shopify.js";
import type { AppContext } from "../../context.js";
import { sanitiseText } from "../../http/input-guard.js";
import {
  customersRedactSchema,
  orderStateWebhookSchema,
  orderWebhookSchema,
  parseJsonExact,
  refundWebhookSchema,
  shopRedactSchema,
  verifyWebhookHmac,
} from "../../integrations/shopify/index.js";
import type { RouteApp } from "../auth/index.js";
import { countOrdersOfCustomer, redactCustomerEmail } from "../orders/index.js";
import { markUninstalled, redactShop } from "./compliance.js";
import { intakeBatcher } from "./intake.js";
import { applyShopifyOrderStateSoon, recordShopifyOrderEvent, recordShopifyRefund } from "./order-state.js";

/** How JSON writes a character by its code (the only way it can carry NUL or a lone surrogate). */
const UNICODE_ESCAPE = Buffer.from("\\u");

const WEBHOOK_BODY_LIMIT = 1_048_576;

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parse<T>(schema: ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Shopify's webhooks. Each verifies X-Shopify-Hmac-Sha256 over the raw body (401 and nothing stored otherwise),
 * then answers 200 quickly: Shopify retries anything else. Unknown shops are acknowledged and ignored. Public
 * scope (Shopify has no session): the signature is the check; `scope` is this group's own context.
 */
export function webhookRoutes(scope: RouteApp, ctx: AppContext): void {
  // Deliveries arriving together are taken in together (one transaction), which keeps intake fast under load.
  const intake = intakeBatcher(ctx);
  const handlers: Record<
    ShopifyWebhookTopic,
    (shop: string, body: unknown, request: FastifyRequest) => Promise<unknown>
  > = {
    "orders/create": async (shop, body) => {
      const order = parse(orderWebhookSchema, body);
      if (!order) return null;
      const result = await intake.submit({ shop, order });
      // Lifecycle webhooks that overtook this one (decision 028) are applied now that the orders exist.
      if (result.status === "created" && result.known) await applyShopifyOrderStateSoon(ctx, shop, order.id);
      return result;
    },
    "orders/paid": (shop, body, request) => orderStateChanged(shop, body, request),
    "orders/updated": (shop, body, request) => orderStateChanged(shop, body, request),
    "orders/cancelled": (shop, body, request) => orderStateChanged(shop, body, request),
    "refunds/create": async (shop, body) => {
      const refund = parse(refundWebhookSchema, body);
      if (!refund) return null;
      const lines = refund.refund_line_items.flatMap((l) =>
        l.line_item.variant_id && l.quantity > 0
          ? [{ variantId: l.line_item.variant_id, quantity: l.quantity }]
          : [],
      );
      const fresh = await recordShopifyRefund(ctx, shop, {
        id: refund.id,
        shopifyOrderId: refund.order_id,
        lines,
      });
      if (!fresh) return { status: "duplicate" };
      return { status: await applyShopifyOrderStateSoon(ctx, shop, refund.order_id) };
    },
    "app/uninstalled": async (shop) => {
      await markUninstalled(ctx, shop);
      return { status: "uninstalled" };
    },
    "customers/data_request": async (shop, body, request) => {
      const data = parse(customersRedactSchema, body);
      if (!data) return null;
      const orderCount = await countOrdersOfCustomer(ctx.db, shop, data.customer?.email);
      request.log.info({ shop, orderCount }, "shopify customer data request received");
      return { status: "acknowledged", orderCount };
    },
    "customers/redact": async (shop, body) => {
      const data = parse(customersRedactSchema, body);
      if (!data) return null;
      const redacted = await redactCustomerEmail(ctx.db, shop, {
        email: data.customer?.email,
        shopifyOrderIds: data.orders_to_redact,
      });
      return { status: "redacted", orders: redacted };
    },
    "shop/redact": async (shop, body) => {
      if (!parse(shopRedactSchema, body)) return null;
      await redactShop(ctx, shop);
      return { status: "redacted" };
    },
  };

  /** orders/paid, orders/updated, orders/cancelled: the newest state wins, whatever order they arrive in. */
  async function orderStateChanged(shop: string, body: unknown, request: FastifyRequest) {
    const order = parse(orderStateWebhookSchema, body);
    if (!order) return null;
    const moved = await recordShopifyOrderEvent(ctx, shop, {
      shopifyOrderId: order.id,
      financialStatus: order.financial_status ?? null,
      cancelledAt: order.cancelled_at ?? null,
      updatedAt: order.updated_at,
      eventId: header(request, "x-shopify-event-id") ?? null,
    });
    if (!moved) return { status: "stale" };
    return { status: await applyShopifyOrderStateSoon(ctx, shop, order.id) };
  }

  // The signature covers the exact bytes Shopify sent, so these routes keep the raw body.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  for (const [topic, path] of Object.entries(SHOPIFY_WEBHOOK_PATHS) as [ShopifyWebhookTopic, string][]) {
    // Security headers and compression are for browsers; Shopify reads only the status, and at ingest rates each
    // hook a request runs costs CPU.
    scope.post(
      path,
      { config: { securityHeaders: false }, compress: false },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifyWebhookHmac(ctx.config.shopifyApiSecret, raw, header(request, "x-shopify-hmac-sha256"))) {
          return reply.status(401).send({ error: "Unauthorized" });
        }
        const sentTopic = header(request, "x-shopify-topic");
        if (sentTopic !== undefined && sentTopic !== topic) {
          return reply.status(400).send({ error: `Bad request: this address takes ${topic} webhooks` });
        }
        const shop = (header(request, "x-shopify-shop-domain") ?? "").toLowerCase();
        if (!SHOP_DOMAIN_RE.test(shop))
          return reply.status(400).send({ error: "Bad request: missing shop domain" });
        let body: unknown;
        try {
          // Signed and retried until taken: text the database cannot hold is repaired, never a reason to drop it.
          // JSON carries NUL or a lone surrogate only as a \u escape, so the usual body skips the rebuild.
          const parsed = parseJsonExact(raw);
          body = raw.includes(UNICODE_ESCAPE) ? sanitiseText(parsed) : parsed;
        } catch {
          return reply.status(400).send({ error: "Bad request: body is not valid JSON" });
        }
        const result = await handlers[topic](shop, body, request);
        if (result === null) return reply.status(400).send({ error: `Bad request: not a ${topic} payload` });
        return reply.status(200).send({ ok: true, result });
      },
    );
  }
}
