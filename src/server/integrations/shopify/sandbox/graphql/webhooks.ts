import { and, asc, eq } from "drizzle-orm";
import { sandboxShopifyWebhooks } from "../../../../db/schema/index.js";
import { type GraphqlContext, gid, idOf, requireScope } from "./common.js";

function webhookNode(w: typeof sandboxShopifyWebhooks.$inferSelect) {
  return {
    id: gid("WebhookSubscription", w.id),
    legacyResourceId: w.id,
    topic: w.topic,
    format: w.format,
    uri: w.callbackUrl,
    callbackUrl: w.callbackUrl,
    endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: w.callbackUrl },
    createdAt: w.createdAt.toISOString(),
  };
}

/** Topics whose payload needs a scope, as Shopify checks when subscribing. */
const TOPIC_SCOPES: Record<string, string> = {
  ORDERS_CREATE: "read_orders",
  ORDERS_UPDATED: "read_orders",
  ORDERS_PAID: "read_orders",
  ORDERS_FULFILLED: "read_orders",
  ORDERS_CANCELLED: "read_orders",
  REFUNDS_CREATE: "read_orders",
  PRODUCTS_CREATE: "read_products",
  PRODUCTS_UPDATE: "read_products",
  PRODUCTS_DELETE: "read_products",
  INVENTORY_LEVELS_UPDATE: "read_inventory",
};

/** Webhook subscriptions: list, create (with the topic's scope), delete. */
export const webhookResolvers = {
  webhookSubscriptions: async ({ topics }: { topics?: string[] }, ctx: GraphqlContext) => {
    const rows = await ctx.db
      .select()
      .from(sandboxShopifyWebhooks)
      .where(eq(sandboxShopifyWebhooks.shop, ctx.shop.domain))
      .orderBy(asc(sandboxShopifyWebhooks.createdAt));
    return { nodes: rows.filter((w) => !topics || topics.includes(w.topic)).map(webhookNode) };
  },

  webhookSubscriptionCreate: async (
    {
      topic,
      webhookSubscription,
    }: { topic: string; webhookSubscription: { uri?: string; callbackUrl?: string; format?: string } },
    ctx: GraphqlContext,
  ) => {
    const scope = TOPIC_SCOPES[topic];
    if (scope) requireScope(ctx, "webhookSubscriptionCreate", scope);
    const url = webhookSubscription.uri ?? webhookSubscription.callbackUrl ?? "";
    if (!/^https?:\/\/[^\s]+$/.test(url)) {
      return {
        webhookSubscription: null,
        userErrors: [{ field: ["webhookSubscription", "uri"], message: "Address is invalid" }],
      };
    }
    const [created] = await ctx.db
      .insert(sandboxShopifyWebhooks)
      .values({
        shop: ctx.shop.domain,
        topic,
        callbackUrl: url,
        format: webhookSubscription.format ?? "JSON",
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      return {
        webhookSubscription: null,
        userErrors: [
          { field: ["webhookSubscription", "uri"], message: "Address for this topic has already been taken" },
        ],
      };
    }
    return { webhookSubscription: webhookNode(created), userErrors: [] };
  },

  webhookSubscriptionDelete: async ({ id }: { id: string }, ctx: GraphqlContext) => {
    const webhookId = idOf("WebhookSubscription", id);
    const deleted = webhookId
      ? await ctx.db
          .delete(sandboxShopifyWebhooks)
          .where(
            and(eq(sandboxShopifyWebhooks.shop, ctx.shop.domain), eq(sandboxShopifyWebhooks.id, webhookId)),
          )
          .returning({ id: sandboxShopifyWebhooks.id })
      : [];
    if (deleted.length === 0)
      return {
        deletedWebhookSubscriptionId: null,
        userErrors: [{ field: ["id"], message: "Webhook subscription does not exist" }],
      };
    return { deletedWebhookSubscriptionId: id, userErrors: [] };
  },
};
