import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sandboxShopifyDeliveries, sandboxShopifyWebhooks } from "../../../db/schema/index.js";
import { inProcessHeaders } from "../../../http/request-log.js";
import type { SandboxContext } from "../../sandbox-home.js";
import { EMULATED_API_VERSION } from "./graphql/version.js";
import { shopifyWebhookSignature } from "./signing.js";

const DELIVERY_TIMEOUT_MS = 5_000;

/** A topic as its WebhookSubscriptionTopic value names it: orders/create is ORDERS_CREATE. */
function topicEnumValue(topic: string): string {
  return topic.replaceAll("/", "_").toUpperCase();
}

/** Same webhook id for every retry of one event to one address, as Shopify does. */
function eventWebhookId(key: string): string {
  const h = createHash("sha1").update(key).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface Delivery {
  address: string;
  status: number | null;
  error: string | null;
}

/**
 * The headers of one delivery, as Shopify's "Webhooks delivery structure" lists them: topic, signature, shop, the
 * API version the payload is serialized in, the delivery's id (the same on every retry), when it was triggered and
 * the event it belongs to.
 */
export function deliveryHeaders(p: {
  shop: string;
  topic: string;
  body: string;
  secret: string;
  triggeredAt: Date;
  webhookId?: string;
  eventId?: string;
}): Record<string, string> & { "x-shopify-webhook-id": string } {
  return {
    "content-type": "application/json",
    "user-agent": "Shopify-Captain-Hook",
    "x-shopify-topic": p.topic,
    "x-shopify-hmac-sha256": shopifyWebhookSignature(p.secret, p.body),
    "x-shopify-shop-domain": p.shop,
    "x-shopify-api-version": EMULATED_API_VERSION,
    "x-shopify-webhook-id": p.webhookId ?? randomUUID(),
    "x-shopify-triggered-at": p.triggeredAt.toISOString(),
    "x-shopify-event-id": p.eventId ?? randomUUID(),
  };
}

/** How many deliveries the receiver accepted (a 2xx). */
export function deliveredCount(deliveries: Delivery[]): number {
  return deliveries.filter((d) => d.status !== null && d.status < 300).length;
}

/**
 * Webhook delivery as Shopify does it: signed with X-Shopify-Hmac-Sha256 and carrying Shopify's headers, to every
 * subscription of a topic (or to one address, for the compliance topics), each attempt recorded.
 */
export function webhookSender(app: FastifyInstance, ctx: SandboxContext) {
  /** Sends one webhook as Shopify does; the app's own URLs are called in-process (tests run without a port). */
  async function deliver(p: {
    shop: string;
    topic: string;
    address: string;
    body: string;
    orderId?: string;
    webhookId?: string;
    eventId?: string;
  }): Promise<Delivery> {
    const headers = deliveryHeaders({
      ...p,
      secret: ctx.config.shopifyApiSecret,
      triggeredAt: new Date(ctx.clock()),
    });
    let status: number | null = null;
    let error: string | null = null;
    try {
      if (p.address.startsWith(`${ctx.config.publicUrl}/`)) {
        const url = new URL(p.address);
        const res = await app.inject({
          method: "POST",
          url: url.pathname + url.search,
          headers: { ...headers, ...inProcessHeaders() },
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

  async function deliverTopic(
    shop: string,
    topic: string,
    body: string,
    orderId?: string,
    /** Names the event (an order's change): every retry and subscription of it carries the same event id. */
    eventKey: string | undefined = orderId,
  ): Promise<Delivery[]> {
    const subs = await ctx.db
      .select()
      .from(sandboxShopifyWebhooks)
      .where(
        and(eq(sandboxShopifyWebhooks.shop, shop), eq(sandboxShopifyWebhooks.topic, topicEnumValue(topic))),
      );
    const results = [];
    for (const s of subs) {
      const webhookId = eventKey ? eventWebhookId(`${eventKey}:${s.id}`) : undefined;
      const eventId = eventKey ? eventWebhookId(`${eventKey}:${topic}`) : undefined;
      results.push(await deliver({ shop, topic, address: s.callbackUrl, body, orderId, webhookId, eventId }));
    }
    return results;
  }

  return { deliver, deliverTopic };
}
