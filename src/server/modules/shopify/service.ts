import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  type InstallPurpose,
  normaliseShopDomain,
  type OAuthError,
  ORDER_LIFECYCLE_TOPICS,
  SHOP_DOMAIN_RE,
  SHOPIFY_FULFILLMENT_SCOPES,
  SHOPIFY_TEXTS,
  SHOPIFY_WEBHOOK_PATHS,
  type StoreProduct,
} from "../../../contract/shopify.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { listings } from "../../db/schema/listings.js";
import { oauthStates, shops } from "../../db/schema/shopify.js";
import { badRequest, HttpError } from "../../http/errors.js";
import {
  hashOAuthState,
  newOAuthState,
  OAUTH_STATE_TTL_MS,
  type ShopifyAdminApi,
  ShopifyError,
  type ShopifyTokens,
  scopesFor,
  verifyCallbackHmac,
} from "../../integrations/shopify/index.js";
import type { SessionUser } from "../auth/index.js";
import { type OrderCreatedEvent, orderById, ordersOfShopifyPurchase } from "../orders/index.js";
import { storedAccess, tokenColumns } from "./tokens.js";

export const SYNC_INVENTORY_JOB = "shopify.sync-inventory";

interface ConnectedShop {
  domain: string;
  scopes: string[];
  admin: ShopifyAdminApi;
}

/**
 * The seller's connected store (installed, not uninstalled) with an Admin API session on its stored tokens, renewed
 * as they expire; null when none.
 */
export async function connectedShop(
  ctx: AppContext,
  userId: string,
  db: DbOrTx = ctx.db,
): Promise<ConnectedShop | null> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.userId, userId), isNull(shops.uninstalledAt)));
  if (!row) return null;
  return {
    domain: row.domain,
    scopes: row.scopes.split(",").filter(Boolean),
    admin: ctx.providers.shopify.admin(row.domain, storedAccess(ctx, row)),
  };
}

/** The domain of the seller's store, connected or uninstalled since; null when they never connected one. */
export async function shopDomainOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [shop] = await db.select({ domain: shops.domain }).from(shops).where(eq(shops.userId, userId));
  return shop?.domain ?? null;
}

export async function requireConnectedShop(ctx: AppContext, userId: string): Promise<ConnectedShop> {
  const shop = await connectedShop(ctx, userId);
  if (!shop) throw badRequest(SHOPIFY_TEXTS.notConnected);
  return shop;
}

/** What a failed Shopify call means for the seller, as an HTTP error. */
export function shopifyHttpError(
  err: unknown,
  unavailable: string = SHOPIFY_TEXTS.shopifyUnavailable,
): HttpError {
  if (err instanceof ShopifyError) {
    if (err.kind === "unauthorized" || err.kind === "forbidden")
      return new HttpError(409, SHOPIFY_TEXTS.reinstallNeeded);
    if (err.kind === "rejected") return new HttpError(502, `${unavailable} (${err.message})`);
  }
  return new HttpError(502, unavailable);
}

/**
 * orders/create, the order's lifecycle topics and app/uninstalled; the compliance topics come from the app's
 * configuration, not the API.
 */
export function webhookSubscriptions(ctx: AppContext): { topic: string; callbackUrl: string }[] {
  return (["orders/create", ...ORDER_LIFECYCLE_TOPICS, "app/uninstalled"] as const).map((topic) => ({
    topic,
    callbackUrl: `${ctx.config.publicUrl}${SHOPIFY_WEBHOOK_PATHS[topic]}`,
  }));
}

/**
 * GET /api/shopify/install: remembers a random state bound to the seller and the purpose for 10 minutes and
 * answers the store's authorize URL.
 */
export async function beginInstall(
  ctx: AppContext,
  userId: string,
  rawShop: string,
  purpose: InstallPurpose,
): Promise<string> {
  if (!rawShop.trim()) throw badRequest(SHOPIFY_TEXTS.enterDomain);
  const shop = normaliseShopDomain(rawShop);
  if (!shop) throw badRequest(SHOPIFY_TEXTS.invalidDomain);
  const { state, stateHash } = newOAuthState();
  await ctx.db
    .delete(oauthStates)
    .where(and(eq(oauthStates.userId, userId), sql`${oauthStates.expiresAt} < now()`));
  await ctx.db
    .insert(oauthStates)
    .values({ stateHash, userId, shop, purpose, expiresAt: new Date(ctx.clock() + OAUTH_STATE_TTL_MS) });
  return ctx.providers.shopify.authorizeUrl(shop, {
    scopes: scopesFor(purpose),
    redirectUri: `${ctx.config.publicUrl}/api/shopify/callback`,
    state,
  });
}

class StoreAlreadyLinked extends Error {}

/**
 * GET /api/shopify/callback: checks shop, hmac and the single-use state of this seller, trades the code for an
 * expiring token and its refresh token, stores both encrypted and subscribes the webhooks. Answers where to send
 * the browser: back into the wizard or to the dashboard, or the landing page with the spec's error code.
 */
export async function finishInstall(
  ctx: AppContext,
  user: SessionUser | null,
  query: Record<string, string>,
): Promise<string> {
  const failed = (code: OAuthError) => `/?error=${code}`;
  try {
    const shop = (query.shop ?? "").toLowerCase();
    if (!SHOP_DOMAIN_RE.test(shop) || !query.code || !query.state) return failed("oauth_failed");
    if (!(await verifyCallbackHmac(ctx.config, query))) return failed("oauth_failed");
    const [state] = await ctx.db
      .delete(oauthStates)
      .where(eq(oauthStates.stateHash, hashOAuthState(query.state)))
      .returning();
    if (
      !state ||
      !user ||
      state.userId !== user.id ||
      state.shop !== shop ||
      state.expiresAt.getTime() < ctx.clock()
    ) {
      return failed("oauth_failed");
    }

    const issuedAt = ctx.clock();
    let token: ShopifyTokens;
    try {
      token = await ctx.providers.shopify.exchangeCode(shop, query.code);
    } catch (err) {
      ctx.log.warn({ err: (err as Error).message, shop }, "shopify token exchange failed");
      return failed("token_failed");
    }

    const tokens = tokenColumns(ctx, token, issuedAt);
    const values = {
      userId: user.id,
      domain: shop,
      ...tokens,
      scopes: token.scope || scopesFor(state.purpose as InstallPurpose).join(","),
      installedAt: new Date(ctx.clock()),
      uninstalledAt: null,
      accessRefusedAt: null,
    };
    try {
      await ctx.db.transaction(async (tx) => {
        // A seller has one store: connecting another replaces it.
        await tx.delete(shops).where(and(eq(shops.userId, user.id), ne(shops.domain, shop)));
        const linked = await tx
          .insert(shops)
          .values(values)
          .onConflictDoUpdate({
            target: shops.domain,
            set: values,
            // Another seller's store stays theirs while the app is installed there.
            setWhere: sql`${shops.userId} = ${user.id} OR ${shops.uninstalledAt} IS NOT NULL`,
          })
          .returning({ id: shops.id });
        if (linked.length === 0) throw new StoreAlreadyLinked();
        await ctx.events.publish({ userId: user.id, type: "user" }, tx);
      });
    } catch (err) {
      if (!(err instanceof StoreAlreadyLinked)) throw err;
      // Shopify keeps one expiring token per app and shop, so issuing this pair revoked the one the store's seller
      // holds: the store stays theirs, with the new pair, which Shopify accepts: no reinstall is needed any more.
      const [owner] = await ctx.db
        .update(shops)
        .set({ ...tokens, accessRefusedAt: null })
        .where(and(eq(shops.domain, shop), isNull(shops.uninstalledAt)))
        .returning({ userId: shops.userId });
      if (owner) await ctx.events.publish({ userId: owner.userId, type: "user" });
      return failed("store_already_linked");
    }

    try {
      await ctx.providers.shopify.admin(shop, token.accessToken).ensureWebhooks(webhookSubscriptions(ctx));
    } catch (err) {
      // The store is connected; Store Settings' Reconnect subscribes again.
      ctx.log.warn({ err: (err as Error).message, shop }, "shopify webhook registration failed");
    }
    return state.purpose === "setup" ? "/?setup=step2" : "/dashboard?shopify_linked=true";
  } catch (err) {
    ctx.log.error({ err }, "shopify oauth callback failed");
    return failed("oauth_error");
  }
}

/** POST /api/shopify/reconnect: subscribes the webhooks again with the stored token. */
export async function reconnect(ctx: AppContext, userId: string): Promise<void> {
  const shop = await requireConnectedShop(ctx, userId);
  try {
    await shop.admin.ensureWebhooks(webhookSubscriptions(ctx));
  } catch (err) {
    throw shopifyHttpError(err, SHOPIFY_TEXTS.webhookFailed);
  }
}

/** GET /api/shopify/products. */
export async function storeProducts(ctx: AppContext, userId: string): Promise<StoreProduct[]> {
  const shop = await requireConnectedShop(ctx, userId);
  try {
    return await shop.admin.listProducts();
  } catch (err) {
    throw shopifyHttpError(err);
  }
}

/** The sellers among `userIds` whose store lets Autodrop write inventory levels (the scope comes with a reinstall). */
async function sellersSyncingInventory(ctx: AppContext, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ userId: shops.userId, scopes: shops.scopes })
    .from(shops)
    .where(and(inArray(shops.userId, userIds), isNull(shops.uninstalledAt)));
  return new Set(rows.filter((r) => r.scopes.split(",").includes("write_inventory")).map((r) => r.userId));
}

/**
 * A sync job covers listings of one store. syncId names this sync: every retry of the job carries it, so each of
 * its writes reuses its idempotency key; the next sync gets a new one (jobs queued before it had none).
 */
export interface InventorySyncJob {
  listingIds: string[];
  syncId?: string;
}

function inventorySyncJob(listingIds: Iterable<string>): InventorySyncJob {
  return { listingIds: [...new Set(listingIds)], syncId: randomUUID() };
}

/** Queues the Shopify inventory sync of one seller's listings (commits with the caller's transaction when given). */
export async function queueInventorySync(ctx: AppContext, listingIds: string[], tx?: DbOrTx): Promise<void> {
  await ctx.jobs.send<InventorySyncJob>(SYNC_INVENTORY_JOB, inventorySyncJob(listingIds), { tx });
}

/**
 * After an intake batch: one sync job per store whose stock the batch lowered, for the sellers whose store can
 * take it; two statements for the whole batch.
 */
export async function queueOrderedInventorySyncs(
  ctx: AppContext,
  events: OrderCreatedEvent[],
): Promise<void> {
  const listingsBySeller = new Map<string, Set<string>>();
  for (const { userId, listingIds } of events) {
    if (listingIds.length === 0) continue;
    const set = listingsBySeller.get(userId) ?? new Set();
    for (const id of listingIds) set.add(id);
    listingsBySeller.set(userId, set);
  }
  const syncing = await sellersSyncingInventory(ctx, [...listingsBySeller.keys()]);
  const jobs = [...listingsBySeller]
    .filter(([userId]) => syncing.has(userId))
    .map(([, ids]) => inventorySyncJob(ids));
  await ctx.jobs.sendMany(SYNC_INVENTORY_JOB, jobs);
}

/**
 * The variants' available quantity in Shopify follows the listings' stock. Needs the inventory scopes (granted on
 * reinstall); without them, or without a connected store, there is nothing to do. A store that is unavailable
 * fails the job, which retries all its listings under the same idempotency keys (decision 026).
 */
export async function syncListingsInventory(ctx: AppContext, job: InventorySyncJob): Promise<void> {
  if (job.listingIds.length === 0) return;
  const syncId = job.syncId ?? randomUUID();
  const rows = await ctx.db.select().from(listings).where(inArray(listings.id, job.listingIds));
  const shopsBySeller = new Map<string, Promise<ConnectedShop | null>>();
  for (const listing of rows) {
    if (!shopsBySeller.has(listing.userId))
      shopsBySeller.set(listing.userId, connectedShop(ctx, listing.userId));
    const shop = await shopsBySeller.get(listing.userId);
    if (!shop?.scopes.includes("write_inventory")) continue;
    try {
      await shop.admin.setVariantInventory(
        listing.shopifyVariantId,
        listing.isActive ? listing.stockQuantity : 0,
        `${syncId}:${listing.id}`,
      );
    } catch (err) {
      if (err instanceof ShopifyError && err.kind !== "unavailable") {
        ctx.log.warn({ listingId: listing.id, err: err.message }, "shopify inventory sync refused");
        continue;
      }
      throw err;
    }
  }
}

/**
 * After a delivery: once every served order of a Shopify purchase is completed, the Shopify order is marked
 * fulfilled (its items arrived in game).
 */
export async function fulfillIfDelivered(ctx: AppContext, orderId: string): Promise<void> {
  const order = await orderById(ctx.db, orderId);
  if (order?.source !== "shopify" || !order.shopDomain || !order.shopifyOrderId) return;
  const siblings = await ordersOfShopifyPurchase(ctx.db, order.shopDomain, order.shopifyOrderId);
  const leaves = siblings.filter((o) => o.game !== null && o.status !== "failed_no_stock");
  if (leaves.some((o) => o.status !== "completed")) return;
  const shop = await connectedShop(ctx, order.userId);
  if (!shop || shop.domain !== order.shopDomain) return;
  // Without these Shopify shows the token no fulfillment order and refuses fulfillmentCreate; like the stock sync
  // without inventory scopes, the store waits for a reinstall (decision 037) instead of failing every delivery.
  if (!SHOPIFY_FULFILLMENT_SCOPES.every((s) => shop.scopes.includes(s))) {
    ctx.log.info(
      { orderId },
      "shopify fulfillment skipped: the store lacks the fulfillment scopes (reinstall)",
    );
    return;
  }
  try {
    await shop.admin.fulfillOrder(order.shopifyOrderId);
  } catch (err) {
    if (err instanceof ShopifyError && err.kind !== "unavailable") {
      ctx.log.warn({ orderId, err: err.message }, "shopify fulfillment refused");
      return;
    }
    throw err;
  }
}
