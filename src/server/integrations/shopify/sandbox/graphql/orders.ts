import { and, asc, eq, inArray } from "drizzle-orm";
import { sandboxShopifyFulfillments, sandboxShopifyOrders } from "../../../../db/schema/index.js";
import { findSandboxOrder } from "../store.js";
import { type GraphqlContext, gid, hasScope, idOf, requireScope } from "./common.js";

async function orderNode(ctx: GraphqlContext, id: string) {
  const o = await findSandboxOrder(ctx.db, ctx.shop.domain, id);
  if (!o) return null;
  const fulfillments = await ctx.db
    .select()
    .from(sandboxShopifyFulfillments)
    .where(eq(sandboxShopifyFulfillments.orderId, o.id))
    .orderBy(asc(sandboxShopifyFulfillments.createdAt));
  return {
    id: gid("Order", o.id),
    legacyResourceId: o.id,
    name: o.name,
    email: o.email,
    createdAt: o.createdAt.toISOString(),
    displayFulfillmentStatus: o.fulfillmentStatus === "fulfilled" ? "FULFILLED" : "UNFULFILLED",
    // Shopify answers a token without the fulfillment-order scope of the order's location (here always the
    // shop's own, merchant-managed one) with the subset it may see: none, and no error.
    fulfillmentOrders: () => ({
      nodes: hasScope(ctx, "read_merchant_managed_fulfillment_orders")
        ? [
            {
              id: gid("FulfillmentOrder", o.fulfillmentOrderId),
              status: o.fulfillmentStatus === "fulfilled" ? "CLOSED" : "OPEN",
            },
          ]
        : [],
    }),
    fulfillments: () => fulfillments.map(fulfillmentNode),
  };
}

function fulfillmentNode(f: typeof sandboxShopifyFulfillments.$inferSelect) {
  return {
    id: gid("Fulfillment", f.id),
    legacyResourceId: f.id,
    status: f.status,
    createdAt: f.createdAt.toISOString(),
  };
}

/** Orders, their fulfillment orders, and fulfilling them. */
export const orderResolvers = {
  order: async ({ id }: { id: string }, ctx: GraphqlContext) => {
    requireScope(ctx, "order", "read_orders");
    const orderId = idOf("Order", id);
    return orderId ? orderNode(ctx, orderId) : null;
  },

  fulfillmentCreate: async (
    {
      fulfillment,
    }: {
      fulfillment: {
        lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[];
        trackingInfo?: { company?: string; number?: string };
      };
    },
    ctx: GraphqlContext,
  ) => {
    requireScope(ctx, "fulfillmentCreate", "write_merchant_managed_fulfillment_orders");
    const ids = fulfillment.lineItemsByFulfillmentOrder.map((l) =>
      idOf("FulfillmentOrder", l.fulfillmentOrderId),
    );
    const orders = ids.every(Boolean)
      ? await ctx.db
          .select()
          .from(sandboxShopifyOrders)
          .where(
            and(
              eq(sandboxShopifyOrders.shop, ctx.shop.domain),
              inArray(sandboxShopifyOrders.fulfillmentOrderId, ids as string[]),
            ),
          )
      : [];
    if (orders.length !== ids.length || orders.length === 0) {
      return {
        fulfillment: null,
        userErrors: [
          {
            field: ["fulfillment", "lineItemsByFulfillmentOrder"],
            message: "Fulfillment order does not exist.",
          },
        ],
      };
    }
    const closed = orders.find((o) => o.fulfillmentStatus === "fulfilled");
    if (closed) {
      return {
        fulfillment: null,
        userErrors: [
          {
            field: ["fulfillment"],
            message: `Fulfillment order ${closed.fulfillmentOrderId} has an unfulfillable status= closed.`,
          },
        ],
      };
    }
    const created = await ctx.db.transaction(async (tx) => {
      let first: typeof sandboxShopifyFulfillments.$inferSelect | undefined;
      for (const o of orders) {
        const [f] = await tx
          .insert(sandboxShopifyFulfillments)
          .values({
            orderId: o.id,
            shop: ctx.shop.domain,
            trackingCompany: fulfillment.trackingInfo?.company,
            trackingNumber: fulfillment.trackingInfo?.number,
          })
          .returning();
        first ??= f;
        await tx
          .update(sandboxShopifyOrders)
          .set({ fulfillmentStatus: "fulfilled" })
          .where(eq(sandboxShopifyOrders.id, o.id));
      }
      return first!;
    });
    return { fulfillment: fulfillmentNode(created), userErrors: [] };
  },
};
