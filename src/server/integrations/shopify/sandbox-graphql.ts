import { and, asc, eq, inArray } from "drizzle-orm";
import { buildSchema, GraphQLError, graphql } from "graphql";
import type { Db } from "../../db/client.js";
import {
  sandboxShopifyFulfillments,
  sandboxShopifyOrders,
  sandboxShopifyProducts,
  sandboxShopifyVariants,
  sandboxShopifyWebhooks,
} from "../../db/schema/index.js";
import { type SandboxProduct, type SandboxShop, type SandboxVariant, shopName } from "./sandbox-store.js";

/**
 * The slice of Shopify's Admin GraphQL schema (2026-07) that Autodrop uses, executed by graphql-js so queries are
 * validated and answered field by field as Shopify does. Type and field names follow Shopify's schema.
 */
const schema = buildSchema(`
  scalar Money
  scalar URL
  scalar DateTime

  type Query {
    shop: Shop!
    products(first: Int, after: String, sortKey: ProductSortKeys, reverse: Boolean, query: String): ProductConnection!
    product(id: ID!): Product
    productVariant(id: ID!): ProductVariant
    order(id: ID!): Order
    locations(first: Int): LocationConnection!
    webhookSubscriptions(first: Int, topics: [WebhookSubscriptionTopic!]): WebhookSubscriptionConnection!
  }

  type Mutation {
    productDelete(input: ProductDeleteInput!): ProductDeletePayload
    inventorySetQuantities(input: InventorySetQuantitiesInput!): InventorySetQuantitiesPayload
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  }

  enum ProductSortKeys { TITLE ID CREATED_AT UPDATED_AT INVENTORY_TOTAL PRODUCT_TYPE VENDOR RELEVANCE }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE ORDERS_UPDATED ORDERS_PAID ORDERS_FULFILLED ORDERS_CANCELLED APP_UNINSTALLED
    PRODUCTS_CREATE PRODUCTS_UPDATE PRODUCTS_DELETE INVENTORY_LEVELS_UPDATE
  }
  enum WebhookSubscriptionFormat { JSON XML }
  enum FulfillmentOrderStatus { OPEN IN_PROGRESS CLOSED CANCELLED INCOMPLETE ON_HOLD SCHEDULED }
  enum FulfillmentStatus { SUCCESS CANCELLED ERROR FAILURE OPEN PENDING }
  enum OrderDisplayFulfillmentStatus { FULFILLED UNFULFILLED PARTIALLY_FULFILLED IN_PROGRESS }

  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! endCursor: String startCursor: String }
  type Shop { id: ID! name: String! myshopifyDomain: String! currencyCode: String! }
  type Image { url: URL! altText: String width: Int height: Int }
  type MediaPreviewImage { image: Image status: String! }
  type MediaImage { id: ID! alt: String preview: MediaPreviewImage image: Image }
  type ProductConnection { nodes: [Product!]! pageInfo: PageInfo! }
  type Product {
    id: ID!
    legacyResourceId: String!
    title: String!
    handle: String!
    status: String!
    totalInventory: Int!
    featuredMedia: MediaImage
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductVariantConnection { nodes: [ProductVariant!]! pageInfo: PageInfo! }
  type ProductVariant {
    id: ID!
    legacyResourceId: String!
    title: String!
    price: Money!
    sku: String
    inventoryQuantity: Int
    inventoryItem: InventoryItem!
    product: Product!
  }
  type InventoryItem { id: ID! legacyResourceId: String! tracked: Boolean! sku: String inventoryLevels(first: Int): InventoryLevelConnection! }
  type InventoryLevelConnection { nodes: [InventoryLevel!]! }
  type InventoryLevel { id: ID! location: Location! quantities(names: [String!]!): [InventoryQuantity!]! }
  type InventoryQuantity { name: String! quantity: Int! }
  type Location { id: ID! name: String! isActive: Boolean! }
  type LocationConnection { nodes: [Location!]! }
  type Order {
    id: ID!
    legacyResourceId: String!
    name: String!
    email: String
    createdAt: DateTime!
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    fulfillmentOrders(first: Int): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }
  type FulfillmentOrderConnection { nodes: [FulfillmentOrder!]! }
  type FulfillmentOrder { id: ID! status: FulfillmentOrderStatus! }
  type Fulfillment { id: ID! legacyResourceId: String! status: FulfillmentStatus! createdAt: DateTime! }
  type WebhookHttpEndpoint { callbackUrl: URL! }
  type WebhookEventBridgeEndpoint { arn: String! }
  type WebhookPubSubEndpoint { pubSubProject: String! pubSubTopic: String! }
  union WebhookSubscriptionEndpoint = WebhookHttpEndpoint | WebhookEventBridgeEndpoint | WebhookPubSubEndpoint
  type WebhookSubscriptionConnection { nodes: [WebhookSubscription!]! }
  type WebhookSubscription {
    id: ID!
    legacyResourceId: String!
    topic: WebhookSubscriptionTopic!
    format: WebhookSubscriptionFormat!
    uri: String!
    callbackUrl: URL! @deprecated(reason: "Use uri instead.")
    endpoint: WebhookSubscriptionEndpoint! @deprecated(reason: "Use uri instead.")
    createdAt: DateTime!
  }

  type UserError { field: [String!] message: String! }
  type InventorySetQuantitiesUserError { field: [String!] message: String! code: String }
  input ProductDeleteInput { id: ID! }
  type ProductDeletePayload { deletedProductId: ID userErrors: [UserError!]! }
  input InventoryQuantityInput { inventoryItemId: ID! locationId: ID! quantity: Int! changeFromQuantity: Int }
  input InventorySetQuantitiesInput { name: String! reason: String! referenceDocumentUri: String quantities: [InventoryQuantityInput!]! }
  type InventoryAdjustmentGroup { id: ID! reason: String! createdAt: DateTime! }
  type InventorySetQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [InventorySetQuantitiesUserError!]! }
  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: URL @deprecated(reason: "Use uri instead.")
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
  }
  type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
  type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }
  input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! }
  input FulfillmentTrackingInput { company: String number: String url: URL }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean
    trackingInfo: FulfillmentTrackingInput
  }
  type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
`);

interface GraphqlContext {
  db: Db;
  shop: SandboxShop;
  scopes: string[];
}

const gid = (type: string, id: string) => `gid://shopify/${type}/${id}`;

/** The numeric id of a gid of the expected type; null for anything else. */
function idOf(type: string, value: string): string | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(value);
  return m && m[1] === type ? m[2] : null;
}

/** A write scope implies its read scope, as on Shopify. */
function requireScope(ctx: GraphqlContext, field: string, scope: string): void {
  const write = scope.replace(/^read_/, "write_");
  if (ctx.scopes.includes(scope) || ctx.scopes.includes(write)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: `\`${scope}\` access scope.`,
    },
  });
}

const pageInfo = { hasNextPage: false, hasPreviousPage: false, endCursor: null, startCursor: null };

function locationOf(shop: SandboxShop) {
  return { id: gid("Location", shop.locationId), name: "Shop location", isActive: true };
}

function variantNode(ctx: GraphqlContext, v: SandboxVariant, product: () => Promise<unknown>) {
  return {
    id: gid("ProductVariant", v.id),
    legacyResourceId: v.id,
    title: v.title,
    price: v.price,
    sku: v.sku,
    inventoryQuantity: v.inventoryQuantity,
    product,
    inventoryItem: {
      id: gid("InventoryItem", v.inventoryItemId),
      legacyResourceId: v.inventoryItemId,
      tracked: true,
      sku: v.sku,
      inventoryLevels: () => ({
        nodes: [
          {
            id: gid("InventoryLevel", `${v.inventoryItemId}`),
            location: locationOf(ctx.shop),
            quantities: ({ names }: { names: string[] }) =>
              names.map((name) => ({
                name,
                quantity: ["available", "on_hand"].includes(name) ? v.inventoryQuantity : 0,
              })),
          },
        ],
      }),
    },
  };
}

function productNode(ctx: GraphqlContext, p: SandboxProduct, variants?: SandboxVariant[]) {
  const loadVariants = async () =>
    variants ??
    ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.productId, p.id))
      .orderBy(asc(sandboxShopifyVariants.id));
  const self = {
    id: gid("Product", p.id),
    legacyResourceId: p.id,
    title: p.title,
    handle: p.handle,
    status: "ACTIVE",
    totalInventory: async () => (await loadVariants()).reduce((sum, v) => sum + v.inventoryQuantity, 0),
    featuredMedia: p.imageUrl
      ? {
          id: gid("MediaImage", p.id),
          alt: p.title,
          preview: { status: "READY", image: { url: p.imageUrl } },
          image: { url: p.imageUrl },
        }
      : null,
    variants: async ({ first }: { first?: number }) => ({
      nodes: (await loadVariants()).slice(0, first ?? 250).map((v) => variantNode(ctx, v, async () => self)),
      pageInfo,
    }),
  };
  return self;
}

async function orderNode(ctx: GraphqlContext, id: string) {
  const [o] = await ctx.db
    .select()
    .from(sandboxShopifyOrders)
    .where(and(eq(sandboxShopifyOrders.shop, ctx.shop.domain), eq(sandboxShopifyOrders.id, id)));
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
    fulfillmentOrders: () => ({
      nodes: [
        {
          id: gid("FulfillmentOrder", o.fulfillmentOrderId),
          status: o.fulfillmentStatus === "fulfilled" ? "CLOSED" : "OPEN",
        },
      ],
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
  PRODUCTS_CREATE: "read_products",
  PRODUCTS_UPDATE: "read_products",
  PRODUCTS_DELETE: "read_products",
  INVENTORY_LEVELS_UPDATE: "read_inventory",
};

const root = {
  shop: (_: unknown, ctx: GraphqlContext) => ({
    id: gid("Shop", ctx.shop.shopId),
    name: shopName(ctx.shop.domain),
    myshopifyDomain: ctx.shop.domain,
    currencyCode: "USD",
  }),

  products: async ({ first }: { first?: number }, ctx: GraphqlContext) => {
    requireScope(ctx, "products", "read_products");
    const products = await ctx.db
      .select()
      .from(sandboxShopifyProducts)
      .where(eq(sandboxShopifyProducts.shop, ctx.shop.domain))
      .orderBy(asc(sandboxShopifyProducts.title))
      .limit(Math.min(first ?? 50, 250));
    const variants = products.length
      ? await ctx.db
          .select()
          .from(sandboxShopifyVariants)
          .where(
            inArray(
              sandboxShopifyVariants.productId,
              products.map((p) => p.id),
            ),
          )
          .orderBy(asc(sandboxShopifyVariants.id))
      : [];
    return {
      nodes: products.map((p) =>
        productNode(
          ctx,
          p,
          variants.filter((v) => v.productId === p.id),
        ),
      ),
      pageInfo,
    };
  },

  product: async ({ id }: { id: string }, ctx: GraphqlContext) => {
    requireScope(ctx, "product", "read_products");
    const productId = idOf("Product", id);
    if (!productId) return null;
    const [p] = await ctx.db
      .select()
      .from(sandboxShopifyProducts)
      .where(and(eq(sandboxShopifyProducts.shop, ctx.shop.domain), eq(sandboxShopifyProducts.id, productId)));
    return p ? productNode(ctx, p) : null;
  },

  productVariant: async ({ id }: { id: string }, ctx: GraphqlContext) => {
    requireScope(ctx, "productVariant", "read_products");
    const variantId = idOf("ProductVariant", id);
    if (!variantId) return null;
    const [row] = await ctx.db
      .select({ variant: sandboxShopifyVariants, product: sandboxShopifyProducts })
      .from(sandboxShopifyVariants)
      .innerJoin(sandboxShopifyProducts, eq(sandboxShopifyProducts.id, sandboxShopifyVariants.productId))
      .where(and(eq(sandboxShopifyVariants.shop, ctx.shop.domain), eq(sandboxShopifyVariants.id, variantId)));
    return row ? variantNode(ctx, row.variant, async () => productNode(ctx, row.product)) : null;
  },

  order: async ({ id }: { id: string }, ctx: GraphqlContext) => {
    requireScope(ctx, "order", "read_orders");
    const orderId = idOf("Order", id);
    return orderId ? orderNode(ctx, orderId) : null;
  },

  locations: (_: unknown, ctx: GraphqlContext) => ({ nodes: [locationOf(ctx.shop)] }),

  webhookSubscriptions: async ({ topics }: { topics?: string[] }, ctx: GraphqlContext) => {
    const rows = await ctx.db
      .select()
      .from(sandboxShopifyWebhooks)
      .where(eq(sandboxShopifyWebhooks.shop, ctx.shop.domain))
      .orderBy(asc(sandboxShopifyWebhooks.createdAt));
    return { nodes: rows.filter((w) => !topics || topics.includes(w.topic)).map(webhookNode) };
  },

  productDelete: async ({ input }: { input: { id: string } }, ctx: GraphqlContext) => {
    requireScope(ctx, "productDelete", "write_products");
    const productId = idOf("Product", input.id);
    const deleted = productId
      ? await ctx.db
          .delete(sandboxShopifyProducts)
          .where(
            and(eq(sandboxShopifyProducts.shop, ctx.shop.domain), eq(sandboxShopifyProducts.id, productId)),
          )
          .returning({ id: sandboxShopifyProducts.id })
      : [];
    if (deleted.length === 0)
      return { deletedProductId: null, userErrors: [{ field: ["id"], message: "Product does not exist" }] };
    return { deletedProductId: input.id, userErrors: [] };
  },

  inventorySetQuantities: async (
    {
      input,
    }: {
      input: {
        name: string;
        reason: string;
        quantities: {
          inventoryItemId: string;
          locationId: string;
          quantity: number;
          changeFromQuantity?: number | null;
        }[];
      };
    },
    ctx: GraphqlContext,
  ) => {
    requireScope(ctx, "inventorySetQuantities", "write_inventory");
    type Problem = { field: string[]; message: string; code: string };
    const fail = (userErrors: Problem[]) => ({ inventoryAdjustmentGroup: null, userErrors });
    if (!["available", "on_hand"].includes(input.name)) {
      return fail([
        {
          field: ["input", "name"],
          message: "The quantity name must be either 'available' or 'on_hand'.",
          code: "INVALID_NAME",
        },
      ]);
    }
    const userErrors: Problem[] = [];
    const updates: { itemId: string; quantity: number }[] = [];
    for (const [i, q] of input.quantities.entries()) {
      const at = ["input", "quantities", String(i)];
      const itemId = idOf("InventoryItem", q.inventoryItemId);
      const [variant] = itemId
        ? await ctx.db
            .select()
            .from(sandboxShopifyVariants)
            .where(
              and(
                eq(sandboxShopifyVariants.shop, ctx.shop.domain),
                eq(sandboxShopifyVariants.inventoryItemId, itemId),
              ),
            )
        : [];
      if (idOf("Location", q.locationId) !== ctx.shop.locationId) {
        userErrors.push({
          field: [...at, "locationId"],
          message: "The specified location could not be found.",
          code: "INVALID_LOCATION",
        });
      } else if (!variant) {
        userErrors.push({
          field: [...at, "inventoryItemId"],
          message: "The specified inventory item could not be found.",
          code: "INVALID_INVENTORY_ITEM",
        });
      } else if (!("changeFromQuantity" in q)) {
        // Since 2026-04 the compare-and-swap value is mandatory (null opts out).
        userErrors.push({
          field: [...at, "changeFromQuantity"],
          message: "changeFromQuantity is required.",
          code: "CHANGE_FROM_QUANTITY_REQUIRED",
        });
      } else if (q.changeFromQuantity !== null && q.changeFromQuantity !== variant.inventoryQuantity) {
        userErrors.push({
          field: [...at, "changeFromQuantity"],
          message: "The quantity has changed since it was read.",
          code: "CHANGE_FROM_QUANTITY_STALE",
        });
      } else {
        updates.push({ itemId: variant.inventoryItemId, quantity: q.quantity });
      }
    }
    if (userErrors.length) return fail(userErrors);
    for (const u of updates) {
      await ctx.db
        .update(sandboxShopifyVariants)
        .set({ inventoryQuantity: u.quantity })
        .where(
          and(
            eq(sandboxShopifyVariants.shop, ctx.shop.domain),
            eq(sandboxShopifyVariants.inventoryItemId, u.itemId),
          ),
        );
    }
    return {
      inventoryAdjustmentGroup: {
        id: gid("InventoryAdjustmentGroup", String(Date.now())),
        reason: input.reason,
        createdAt: new Date().toISOString(),
      },
      userErrors: [],
    };
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
    requireScope(ctx, "fulfillmentCreate", "write_orders");
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

/** Runs one Admin GraphQL request for a shop with the token's scopes; answers Shopify's response body. */
export async function executeAdminGraphql(
  ctx: GraphqlContext,
  body: { query?: unknown; variables?: unknown; operationName?: unknown },
): Promise<{ data?: unknown; errors?: unknown }> {
  if (typeof body.query !== "string" || !body.query.trim()) {
    return { errors: [{ message: "Parameter Missing or Invalid", extensions: { code: "BAD_REQUEST" } }] };
  }
  const result = await graphql({
    schema,
    source: body.query,
    rootValue: root,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: typeof body.operationName === "string" ? body.operationName : undefined,
  });
  const out: { data?: unknown; errors?: unknown; extensions: unknown } = {
    extensions: {
      cost: {
        requestedQueryCost: 10,
        actualQueryCost: 10,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 },
      },
    },
  };
  if (result.data !== undefined) out.data = result.data;
  if (result.errors?.length) out.errors = result.errors.map((e) => e.toJSON());
  return out;
}
