import { buildSchema, type GraphQLSchema } from "graphql";
import { type ApiVersionRules, EMULATED_API_VERSION, rulesFor } from "./version.js";

/**
 * The slice of Shopify's Admin GraphQL schema (2026-07) that Autodrop uses, executed by graphql-js so queries are
 * validated and answered field by field as Shopify does. Type and field names follow Shopify's 2026-07 reference
 * (docs/integrations.md lists the pages).
 */
const SDL = `
  scalar Money
  scalar URL
  scalar DateTime

  type Query {
    shop: Shop!
    currentAppInstallation: AppInstallation!
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
    ORDERS_CREATE ORDERS_UPDATED ORDERS_PAID ORDERS_FULFILLED ORDERS_CANCELLED REFUNDS_CREATE APP_UNINSTALLED
    PRODUCTS_CREATE PRODUCTS_UPDATE PRODUCTS_DELETE INVENTORY_LEVELS_UPDATE
  }
  enum WebhookSubscriptionFormat { JSON XML }
  enum FulfillmentOrderStatus { OPEN IN_PROGRESS CLOSED CANCELLED INCOMPLETE ON_HOLD SCHEDULED }
  enum FulfillmentStatus { SUCCESS CANCELLED ERROR FAILURE OPEN PENDING }
  enum OrderDisplayFulfillmentStatus { FULFILLED UNFULFILLED PARTIALLY_FULFILLED IN_PROGRESS }

  type AccessScope { handle: String! description: String! }
  type AppInstallation { id: ID! accessScopes: [AccessScope!]! }
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
  enum InventorySetQuantitiesUserErrorCode {
    CHANGE_FROM_QUANTITY_STALE COMPARE_QUANTITY_REQUIRED COMPARE_QUANTITY_STALE IDEMPOTENCY_CONCURRENT_REQUEST
    IDEMPOTENCY_KEY_PARAMETER_MISMATCH INVALID_INVENTORY_ITEM INVALID_LOCATION INVALID_NAME INVALID_QUANTITY_NEGATIVE
    INVALID_QUANTITY_TOO_HIGH INVALID_QUANTITY_TOO_LOW INVALID_REASON INVALID_REFERENCE_DOCUMENT
    ITEM_NOT_STOCKED_AT_LOCATION NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR NON_MUTABLE_INVENTORY_ITEM
  }
  type InventorySetQuantitiesUserError { field: [String!] message: String! code: InventorySetQuantitiesUserErrorCode }
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
`;

/** Declared from 2026-01 on; a document using it at an older version fails validation (Unknown directive). */
const IDEMPOTENT_DIRECTIVE = `
  "Makes the mutation it marks safe to retry: a replay of its key answers the first result."
  directive @idempotent(key: String!) on FIELD
`;

const withDirective = buildSchema(SDL + IDEMPOTENT_DIRECTIVE);
const withoutDirective = buildSchema(SDL);

/** The schema as a version serves it (only the @idempotent directive differs between the versions emulated). */
export function schemaFor(rules: ApiVersionRules): GraphQLSchema {
  return rules.idempotentDirective === "absent" ? withoutDirective : withDirective;
}

/** The pinned version's schema: what the conformance test validates the client's documents against. */
export const schema = schemaFor(rulesFor(EMULATED_API_VERSION));
