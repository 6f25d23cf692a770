import { type AdminApiClient, createAdminApiClient } from "@shopify/admin-api-client";
import { ApiVersion } from "@shopify/shopify-api";
import { z } from "zod";
import type { StoreProduct } from "../../../contract/shopify.js";
import type { Config } from "../../config.js";
import type { HttpFetch } from "../fetch.js";
import { inventorySyncKey } from "./idempotency.js";

/**
 * The Admin API version every call uses: the newest stable one the installed @shopify/shopify-api knows (Shopify
 * supports each version for a year; older ones are answered with the oldest supported version's behaviour).
 */
export const SHOPIFY_API_VERSION = ApiVersion.July26;
const REQUEST_TIMEOUT_MS = 15_000;

export type ShopifyConfig = Pick<Config, "sandbox" | "publicUrl" | "shopifyApiKey" | "shopifyApiSecret">;

/**
 * unauthorized: the token is no longer valid and no new one can be had (app uninstalled, a grant refused);
 * forbidden: a scope is missing; unavailable: Shopify could not be reached or failed; rejected: Shopify refused the
 * input (userErrors).
 */
type ShopifyErrorKind = "unauthorized" | "forbidden" | "unavailable" | "rejected";

export class ShopifyError extends Error {
  constructor(
    readonly kind: ShopifyErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** "gid://shopify/Product/123" <-> "123": the app keeps Shopify's numeric ids (as strings), GraphQL wants gids. */
function toGid(type: string, id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/${type}/${id}`;
}

function fromGid(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

/**
 * Where a shop's URLs point: https://{shop} in real mode, this server's emulator in sandbox mode. The only
 * difference between the two modes is this base URL.
 */
function shopBaseUrl(config: Pick<Config, "sandbox" | "publicUrl">, shop: string): string {
  return config.sandbox ? `${config.publicUrl}/__sandbox/shopify/${shop}` : `https://${shop}`;
}

/** A page of the store's admin (View on Shopify / View in Shopify), e.g. adminUrl(cfg, shop, "orders/123"). */
export function shopAdminUrl(
  config: Pick<Config, "sandbox" | "publicUrl">,
  shop: string,
  path: string,
): string {
  if (config.sandbox) return `${shopBaseUrl(config, shop)}/admin/${path}`;
  return `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}/${path}`;
}

/**
 * Expiring offline tokens as the token endpoint hands them out: the access token lives `expiresIn` seconds (an
 * hour), the refresh token `refreshTokenExpiresIn` (90 days) and is good once.
 */
export interface ShopifyTokens {
  accessToken: string;
  scope: string;
  expiresIn: number;
  refreshToken: string;
  refreshTokenExpiresIn: number;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().default(""),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_token_expires_in: z.number().int().positive(),
});

const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";

/**
 * Where an Admin API session gets its access token before each request, and a renewed one after Shopify answered
 * 401 to `refused` (one retry). A session without `renew` has one fixed token.
 */
export interface AdminAccess {
  token(): Promise<string>;
  renew?(refused: string): Promise<string>;
  /**
   * Told after each request whether Shopify took the token ("accepted": it answered, userErrors included) or
   * refused it or its renewal ("refused": unauthorized or forbidden). An outage tells nothing about the token.
   */
  settled?(outcome: "accepted" | "refused"): Promise<void>;
}

/** Shopify's OAuth endpoints (authorize redirect and the token grants) and a factory for Admin API sessions. */
export class ShopifyClient {
  constructor(
    private fetch: HttpFetch,
    readonly config: ShopifyConfig,
  ) {}

  authorizeUrl(shop: string, p: { scopes: readonly string[]; redirectUri: string; state: string }): string {
    const q = new URLSearchParams({
      client_id: this.config.shopifyApiKey,
      scope: p.scopes.join(","),
      redirect_uri: p.redirectUri,
      state: p.state,
    });
    return `${shopBaseUrl(this.config, shop)}/admin/oauth/authorize?${q}`;
  }

  /** The authorization code grant: trades the one-time code for an expiring offline token. */
  exchangeCode(shop: string, code: string): Promise<ShopifyTokens> {
    return this.requestTokens(shop, { code, expiring: "1" });
  }

  /** The refresh_token grant: a new pair; the refresh token sent is used up. */
  refreshAccessToken(shop: string, refreshToken: string): Promise<ShopifyTokens> {
    return this.requestTokens(shop, { grant_type: "refresh_token", refresh_token: refreshToken });
  }

  /** Token exchange of a non-expiring offline token for an expiring one; the old token stops working. */
  migrateToExpiringToken(shop: string, accessToken: string): Promise<ShopifyTokens> {
    return this.requestTokens(shop, {
      grant_type: TOKEN_EXCHANGE_GRANT,
      subject_token: accessToken,
      subject_token_type: OFFLINE_TOKEN_TYPE,
      requested_token_type: OFFLINE_TOKEN_TYPE,
      expiring: "1",
    });
  }

  /**
   * POST /admin/oauth/access_token. A 4xx is Shopify refusing the grant (`unauthorized`: the store must be
   * connected again); no answer or a 5xx is `unavailable` (try again later: the grant may not have been used).
   */
  private async requestTokens(shop: string, grant: Record<string, string>): Promise<ShopifyTokens> {
    let res: Response;
    try {
      res = await this.fetch(`${shopBaseUrl(this.config, shop)}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          client_id: this.config.shopifyApiKey,
          client_secret: this.config.shopifyApiSecret,
          ...grant,
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new ShopifyError("unavailable", "Shopify could not be reached");
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status >= 500) throw new ShopifyError("unavailable", `The token endpoint answered ${res.status}`);
    if (!res.ok) {
      const code = (body as { error?: unknown } | null)?.error;
      throw new ShopifyError(
        "unauthorized",
        `The token endpoint refused the grant (${res.status}${typeof code === "string" ? ` ${code}` : ""})`,
      );
    }
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new ShopifyError("rejected", "The token endpoint returned no expiring token");
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      scope: t.scope,
      expiresIn: t.expires_in,
      refreshToken: t.refresh_token,
      refreshTokenExpiresIn: t.refresh_token_expires_in,
    };
  }

  /** An Admin API session with one fixed token, or with tokens that `access` keeps current. */
  admin(shop: string, access: string | AdminAccess): ShopifyAdmin {
    const source = typeof access === "string" ? { token: async () => access } : access;
    return new ShopifyAdmin(this.fetch, this.config, shop, source);
  }
}

interface UserError {
  field?: string[] | null;
  message: string;
}

/**
 * One page of the store's products. Its requested cost is 2 + first x (6 + variants): 25 products of up to 30
 * variants cost 902, under Shopify's single-query limit of 1000 (decision 027).
 */
const PRODUCTS_QUERY = `#graphql
query StoreProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: TITLE) {
    nodes {
      id
      title
      handle
      featuredMedia { preview { image { url } } }
      variants(first: 30) { nodes { id title price } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;
export const PRODUCTS_PAGE = 25;
const MAX_PRODUCT_PAGES = 10;

/** A read-only call: proves the token works and lists the scopes it holds (npm run doctor). */
const ACCESS_QUERY = `#graphql
query Access {
  shop { name myshopifyDomain }
  currentAppInstallation { accessScopes { handle } }
}`;

const VARIANT_QUERY = `#graphql
query LinkedVariant($id: ID!) {
  productVariant(id: $id) {
    id
    title
    product { id title }
    inventoryItem { id }
  }
}`;

/** Inventory levels need read_inventory (InventoryItem itself only read_products): asked only by the sync. */
const VARIANT_LOCATION_QUERY = `#graphql
query VariantLocation($id: ID!) {
  productVariant(id: $id) {
    inventoryItem { id inventoryLevels(first: 1) { nodes { location { id } } } }
  }
}`;

const PRODUCT_DELETE = `#graphql
mutation DeleteProduct($input: ProductDeleteInput!) {
  productDelete(input: $input) { deletedProductId userErrors { field message } }
}`;

/** @idempotent is required from 2026-04 (a runtime error without it). */
const INVENTORY_SET = `#graphql
mutation SetInventory($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {
    inventoryAdjustmentGroup { reason }
    userErrors { field message code }
  }
}`;

const WEBHOOKS_QUERY = `#graphql
query Webhooks {
  webhookSubscriptions(first: 100) {
    nodes { id topic uri }
  }
}`;

const WEBHOOK_CREATE = `#graphql
mutation CreateWebhook($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

const FULFILLMENT_ORDERS_QUERY = `#graphql
query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 20) { nodes { id status } } }
}`;

const FULFILLMENT_CREATE = `#graphql
mutation Fulfill($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;

/** A webhook topic in GraphQL's enum spelling: "orders/create" -> "ORDERS_CREATE". */
function webhookTopicEnum(topic: string): string {
  return topic.replace("/", "_").toUpperCase();
}

/**
 * The Admin GraphQL API of one shop, through Shopify's own client (@shopify/admin-api-client) with our fetch
 * plugged in: in sandbox mode the shop's URL is rewritten to the emulator, which serves the same schema.
 */
export class ShopifyAdmin {
  /** Shopify's client takes its token when built: one per token, the latest kept. */
  private client: { token: string; api: AdminApiClient } | null = null;

  constructor(
    private fetch: HttpFetch,
    private config: ShopifyConfig,
    readonly shop: string,
    private access: AdminAccess,
  ) {}

  private clientFor(token: string): AdminApiClient {
    if (this.client?.token !== token) {
      const realBase = `https://${this.shop}`;
      const base = shopBaseUrl(this.config, this.shop);
      const api = createAdminApiClient({
        storeDomain: this.shop,
        apiVersion: SHOPIFY_API_VERSION,
        accessToken: token,
        customFetchApi: (url, init) =>
          this.fetch(url.startsWith(realBase) ? base + url.slice(realBase.length) : url, init as RequestInit),
      });
      this.client = { token, api };
    }
    return this.client.api;
  }

  private send<T>(token: string, operation: string, variables?: Record<string, unknown>) {
    return this.clientFor(token).request<T>(operation, {
      variables,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  private async request<T>(operation: string, variables?: Record<string, unknown>): Promise<T> {
    let data: T;
    try {
      data = await this.attempt<T>(operation, variables);
    } catch (err) {
      if (err instanceof ShopifyError && (err.kind === "unauthorized" || err.kind === "forbidden")) {
        await this.access.settled?.("refused");
      }
      throw err;
    }
    await this.access.settled?.("accepted");
    return data;
  }

  private async attempt<T>(operation: string, variables?: Record<string, unknown>): Promise<T> {
    const token = await this.access.token();
    let res = await this.send<T>(token, operation, variables);
    // An expiring token can be refused before the time we keep for it (clocks differ, or it was replaced): one
    // renewal, one retry.
    if (res.errors?.networkStatusCode === 401 && this.access.renew) {
      res = await this.send<T>(await this.access.renew(token), operation, variables);
    }
    const status = res.errors?.networkStatusCode;
    if (status === 401) throw new ShopifyError("unauthorized", "The Shopify access token is no longer valid");
    const graphQLErrors = (res.errors?.graphQLErrors ?? []) as {
      message?: string;
      extensions?: { code?: string };
    }[];
    if (graphQLErrors.some((e) => e.extensions?.code === "ACCESS_DENIED") || status === 403) {
      throw new ShopifyError("forbidden", graphQLErrors[0]?.message ?? "Access denied");
    }
    if (res.errors || !res.data) {
      throw new ShopifyError(
        "unavailable",
        graphQLErrors[0]?.message ?? res.errors?.message ?? "Shopify request failed",
      );
    }
    return res.data;
  }

  private static check(userErrors: UserError[] | undefined): void {
    if (userErrors?.length) throw new ShopifyError("rejected", userErrors.map((e) => e.message).join("; "));
  }

  /** The store's products in spec 000 §3's shape (numeric ids as strings), up to 250, page by page. */
  async listProducts(): Promise<StoreProduct[]> {
    type Node = {
      id: string;
      title: string;
      handle: string;
      featuredMedia: { preview: { image: { url: string } | null } | null } | null;
      variants: { nodes: { id: string; title: string; price: string }[] };
    };
    type Page = { products: { nodes: Node[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
    const nodes: Node[] = [];
    let after: string | null = null;
    for (let page = 0; page < MAX_PRODUCT_PAGES; page++) {
      const data: Page = await this.request<Page>(PRODUCTS_QUERY, { first: PRODUCTS_PAGE, after });
      nodes.push(...data.products.nodes);
      after = data.products.pageInfo.endCursor;
      if (!data.products.pageInfo.hasNextPage || !after) break;
    }
    return nodes.map((p) => {
      const src = p.featuredMedia?.preview?.image?.url;
      return {
        id: fromGid(p.id),
        title: p.title,
        handle: p.handle,
        variants: p.variants.nodes.map((v) => ({ id: fromGid(v.id), title: v.title, price: v.price })),
        image: src ? { src } : null,
      };
    });
  }

  /** The shop's name and the scopes the token holds, without changing anything. */
  async checkAccess(): Promise<{ name: string; scopes: string[] }> {
    const data = await this.request<{
      shop: { name: string };
      currentAppInstallation: { accessScopes: { handle: string }[] };
    }>(ACCESS_QUERY);
    return { name: data.shop.name, scopes: data.currentAppInstallation.accessScopes.map((s) => s.handle) };
  }

  /** A variant with its product; null when it does not exist. */
  async getVariant(variantId: string): Promise<{
    productId: string;
    productTitle: string;
    variantTitle: string;
    inventoryItemId: string;
  } | null> {
    type Data = {
      productVariant: {
        title: string;
        product: { id: string; title: string };
        inventoryItem: { id: string };
      } | null;
    };
    const data = await this.request<Data>(VARIANT_QUERY, { id: toGid("ProductVariant", variantId) });
    const v = data.productVariant;
    if (!v) return null;
    return {
      productId: fromGid(v.product.id),
      productTitle: v.product.title,
      variantTitle: v.title,
      inventoryItemId: v.inventoryItem.id,
    };
  }

  /** The variant's inventory item and the location holding its stock; null when either is missing. */
  private async variantLocation(
    variantId: string,
  ): Promise<{ inventoryItemId: string; locationId: string } | null> {
    type Data = {
      productVariant: {
        inventoryItem: { id: string; inventoryLevels: { nodes: { location: { id: string } }[] } };
      } | null;
    };
    const data = await this.request<Data>(VARIANT_LOCATION_QUERY, { id: toGid("ProductVariant", variantId) });
    const item = data.productVariant?.inventoryItem;
    const locationId = item?.inventoryLevels.nodes[0]?.location.id;
    return item && locationId ? { inventoryItemId: item.id, locationId } : null;
  }

  async deleteProduct(productId: string): Promise<void> {
    const data = await this.request<{
      productDelete: { deletedProductId: string | null; userErrors: UserError[] };
    }>(PRODUCT_DELETE, { input: { id: toGid("Product", productId) } });
    const notFound = data.productDelete.userErrors.every((e) => /not exist|not found/i.test(e.message));
    if (data.productDelete.userErrors.length && !notFound) ShopifyAdmin.check(data.productDelete.userErrors);
  }

  /**
   * Sets the variant's available quantity at its location (needs the write_inventory scope). `syncRef` names the
   * sync this write belongs to: the same for every retry of one sync job, new for the next sync.
   */
  async setVariantInventory(variantId: string, quantity: number, syncRef: string): Promise<boolean> {
    const variant = await this.variantLocation(variantId);
    if (!variant) return false;
    const { inventoryItemId, locationId } = variant;
    const data = await this.request<{ inventorySetQuantities: { userErrors: UserError[] } }>(INVENTORY_SET, {
      idempotencyKey: inventorySyncKey({ syncRef, inventoryItemId, quantity }),
      input: {
        name: "available",
        reason: "correction",
        // Autodrop's listing stock is the source of truth: an explicit null opts out of compare-and-set, since
        // Shopify lowers the quantity on each sale before the app hears of it (decision 026).
        quantities: [{ inventoryItemId, locationId, quantity, changeFromQuantity: null }],
      },
    });
    ShopifyAdmin.check(data.inventorySetQuantities.userErrors);
    return true;
  }

  /** Subscribes each topic to its URL unless that exact subscription exists already (safe to repeat). */
  async ensureWebhooks(subscriptions: { topic: string; callbackUrl: string }[]): Promise<void> {
    type Existing = { topic: string; uri: string };
    const data = await this.request<{ webhookSubscriptions: { nodes: Existing[] } }>(WEBHOOKS_QUERY);
    const have = new Set(data.webhookSubscriptions.nodes.map((w) => `${w.topic} ${w.uri}`));
    for (const s of subscriptions) {
      const topic = webhookTopicEnum(s.topic);
      if (have.has(`${topic} ${s.callbackUrl}`)) continue;
      const created = await this.request<{ webhookSubscriptionCreate: { userErrors: UserError[] } }>(
        WEBHOOK_CREATE,
        {
          topic,
          webhookSubscription: { uri: s.callbackUrl, format: "JSON" },
        },
      );
      const errors = created.webhookSubscriptionCreate.userErrors.filter(
        (e) => !/already been taken/i.test(e.message),
      );
      ShopifyAdmin.check(errors);
    }
  }

  /** Marks every open fulfillment order of a Shopify order fulfilled (the items were delivered in game). */
  async fulfillOrder(orderId: string): Promise<number> {
    type Data = { order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } | null };
    const data = await this.request<Data>(FULFILLMENT_ORDERS_QUERY, { id: toGid("Order", orderId) });
    const open = (data.order?.fulfillmentOrders.nodes ?? []).filter(
      (f) => f.status === "OPEN" || f.status === "IN_PROGRESS",
    );
    if (open.length === 0) return 0;
    const created = await this.request<{ fulfillmentCreate: { userErrors: UserError[] } }>(
      FULFILLMENT_CREATE,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: open.map((f) => ({ fulfillmentOrderId: f.id })),
          notifyCustomer: false,
        },
      },
    );
    ShopifyAdmin.check(created.fulfillmentCreate.userErrors);
    return open.length;
  }
}
