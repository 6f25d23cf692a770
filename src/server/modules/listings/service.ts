import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { listingRuleViolation } from "../../../contract/game-rules.js";
import type { Game } from "../../../contract/games.js";
import { INVENTORY_TEXTS, type Item } from "../../../contract/inventory.js";
import { DEFAULT_LINK_STOCK } from "../../../contract/limits.js";
import {
  deductStockText,
  LISTING_TEXTS,
  type LinkListingRequest,
  type Listing,
  listingLimitText,
  notEnoughInventoryText,
} from "../../../contract/listings.js";
import { activeTier, LISTING_LIMITS } from "../../../contract/plans.js";
import { SHOPIFY_TEXTS } from "../../../contract/shopify.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { at, missing } from "../../db/rows.js";
import { inventoryBalances } from "../../db/schema/inventory.js";
import { items } from "../../db/schema/items.js";
import { listingItems, listings } from "../../db/schema/listings.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http/errors.js";
import { shopAdminUrl } from "../../integrations/shopify/index.js";
import { lockUser, type SessionUser } from "../auth/index.js";
import { gameRulesOf } from "../bots/index.js";
import { notifyLowStock } from "../notifications/index.js";
import {
  connectedShop,
  queueInventorySync,
  requireConnectedShop,
  shopDomainOf,
  shopifyHttpError,
} from "../shopify/index.js";

const MAX_STOCK = 1_000_000;

/** 403 when the seller already has as many active listings as the plan allows (spec 001 §6). */
async function assertListingLimit(ctx: AppContext, db: DbOrTx, user: SessionUser): Promise<void> {
  // A paid plan whose time ran out counts as free: existing listings stay, new ones are refused.
  const tier = activeTier(user, ctx.clock());
  const limit = LISTING_LIMITS[tier];
  if (limit === null) return;
  const [{ n } = missing("the active listings count")] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.userId, user.id), eq(listings.isActive, true)));
  if (n >= limit) throw forbidden(listingLimitText(tier, limit));
}

/** A whole number in range, from a JSON number or a numeric string; null otherwise. */
function wholeNumber(raw: unknown, min: number, max: number): number | null {
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The seller's listings with their items, newest first. */
export async function listListings(ctx: AppContext, userId: string, db: DbOrTx = ctx.db): Promise<Listing[]> {
  const rows = await db
    .select()
    .from(listings)
    .where(eq(listings.userId, userId))
    .orderBy(desc(listings.createdAt), asc(listings.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: listingItems, item: items })
    .from(listingItems)
    .innerJoin(items, eq(items.id, listingItems.itemId))
    .where(
      inArray(
        listingItems.listingId,
        rows.map((l) => l.id),
      ),
    )
    .orderBy(asc(items.publicName));
  const shopDomain = await shopDomainOf(db, userId);
  return rows.map((l) => ({
    id: l.id,
    title: l.title,
    game: l.game as Game,
    stockQuantity: l.stockQuantity,
    isActive: l.isActive,
    createdAt: l.createdAt.toISOString(),
    shopifyProductId: l.shopifyProductId,
    shopifyVariantId: l.shopifyVariantId,
    shopifyAdminUrl: shopDomain
      ? shopAdminUrl(ctx.config, shopDomain, `products/${l.shopifyProductId}`)
      : null,
    items: lines
      .filter((x) => x.line.listingId === l.id)
      .map(({ line, item }) => ({
        id: line.id,
        itemId: item.id,
        quantity: line.quantity,
        item: {
          id: item.id,
          codeName: item.codeName,
          publicName: item.publicName,
          imageUrl: item.imageUrl,
          game: item.game as Game,
        } satisfies Item,
      })),
  }));
}

async function listingById(ctx: AppContext, userId: string, id: string): Promise<Listing> {
  const listing = (await listListings(ctx, userId)).find((l) => l.id === id);
  if (!listing) throw notFound(LISTING_TEXTS.listingNotFound);
  return listing;
}

/**
 * POST /api/listings/link: links inventory items to a store product's variant. One game per listing, the game's
 * item cap, the plan's listing limit, and each item's quantity within what is available and not already linked
 * to another active listing (linked quantity reduces what is available for linking).
 */
export async function linkListing(
  ctx: AppContext,
  user: SessionUser,
  body: LinkListingRequest,
): Promise<Listing> {
  const productId = String(body.shopifyProductId ?? "");
  const variantId = String(body.shopifyVariantId ?? "");
  const lines = body.items ?? [];
  if (!productId || !variantId || lines.length === 0) throw badRequest(LISTING_TEXTS.selectListingAndItems);
  const stock =
    body.stockQuantity === undefined ? DEFAULT_LINK_STOCK : wholeNumber(body.stockQuantity, 1, MAX_STOCK);
  if (stock === null) throw badRequest(LISTING_TEXTS.invalidStock);

  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.itemId, (wanted.get(l.itemId) ?? 0) + l.quantity);
  const itemRows = await ctx.db
    .select()
    .from(items)
    .where(inArray(items.id, [...wanted.keys()]));
  if (itemRows.length !== wanted.size) throw badRequest(LISTING_TEXTS.unknownItem);
  if (itemRows.some((i) => i.retiredAt)) throw badRequest(INVENTORY_TEXTS.itemRetired);
  // The game's rules as they are now: a rule changed later applies to new links only (spec 001 §3).
  const game = at(itemRows, 0).game as Game;
  const violation = listingRuleViolation(
    itemRows.map((i) => ({ game: i.game as Game, item: i.id, quantity: wanted.get(i.id) ?? 0 })),
    await gameRulesOf(ctx.db, game),
  );
  if (violation) throw badRequest(violation);

  await assertListingLimit(ctx, ctx.db, user);
  const shop = await requireConnectedShop(ctx, user.id);
  let variant: Awaited<ReturnType<typeof shop.admin.getVariant>>;
  try {
    variant = await shop.admin.getVariant(variantId);
  } catch (err) {
    throw shopifyHttpError(err);
  }
  if (!variant || variant.productId !== productId) throw badRequest(LISTING_TEXTS.productNotFound);
  const title =
    variant.variantTitle && variant.variantTitle !== "Default Title"
      ? `${variant.productTitle} - ${variant.variantTitle}`
      : variant.productTitle;

  const listingId = await ctx.db.transaction(async (tx) => {
    // One link at a time per seller, so the listing limit and the linkable quantities hold under concurrency.
    const me = (await lockUser(tx, user.id)) ?? missing("the users row");
    await assertListingLimit(ctx, tx, me);
    const [taken] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.userId, user.id), eq(listings.shopifyVariantId, variantId)));
    if (taken) throw conflict(LISTING_TEXTS.alreadyLinked);

    const linkable = await tx
      .select({
        itemId: inventoryBalances.itemId,
        available: inventoryBalances.available,
        linked: sql<number>`COALESCE((SELECT sum(li.quantity) FROM ${listingItems} li JOIN ${listings} l ON l.id = li.listing_id
                  WHERE l.user_id = ${user.id} AND l.is_active AND li.item_id = ${inventoryBalances.itemId}), 0)::int`,
      })
      .from(inventoryBalances)
      .where(
        and(eq(inventoryBalances.userId, user.id), inArray(inventoryBalances.itemId, [...wanted.keys()])),
      );
    for (const item of itemRows) {
      const row = linkable.find((r) => r.itemId === item.id);
      const free = Math.max(0, (row?.available ?? 0) - (row?.linked ?? 0));
      if (wanted.get(item.id)! > free) throw badRequest(notEnoughInventoryText(item.publicName, free));
    }

    const [created = missing("the inserted listings row")] = await tx
      .insert(listings)
      .values({
        userId: user.id,
        title,
        game,
        shopifyProductId: productId,
        shopifyVariantId: variantId,
        stockQuantity: stock,
      })
      .returning({ id: listings.id });
    await tx
      .insert(listingItems)
      .values([...wanted].map(([itemId, quantity]) => ({ listingId: created.id, itemId, quantity })));
    await queueInventorySync(ctx, [created.id], tx);
    await ctx.events.publish({ userId: user.id, type: "listings" }, tx);
    return created.id;
  });
  return listingById(ctx, user.id, listingId);
}

/** POST /api/listings/:id/add-stock. */
export async function addStock(ctx: AppContext, userId: string, id: string, raw: unknown): Promise<number> {
  const n = wholeNumber(raw, 1, MAX_STOCK);
  if (n === null) throw badRequest(LISTING_TEXTS.invalidAddStock);
  return changeStock(ctx, userId, id, n, (current) => {
    if (current + n > MAX_STOCK) throw badRequest(LISTING_TEXTS.invalidAddStock);
  });
}

/** POST /api/listings/:id/deduct-stock: between 1 and the current stock. */
export async function deductStock(
  ctx: AppContext,
  userId: string,
  id: string,
  raw: unknown,
): Promise<number> {
  const n = wholeNumber(raw, 1, MAX_STOCK);
  return changeStock(ctx, userId, id, -(n ?? 0), (current) => {
    if (n === null || n > current) throw badRequest(deductStockText(current));
  });
}

/**
 * Changes a listing's stock under its row lock, then queues the Shopify inventory sync, and the seller's
 * out-of-stock message when the stock reached zero (as a sale that empties it does).
 */
async function changeStock(
  ctx: AppContext,
  userId: string,
  id: string,
  delta: number,
  check: (current: number) => void,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ stock: listings.stockQuantity })
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.userId, userId)))
      .for("update");
    if (!listing) throw notFound(LISTING_TEXTS.listingNotFound);
    check(listing.stock);
    const [updated = missing("the updated listings row")] = await tx
      .update(listings)
      .set({ stockQuantity: sql`${listings.stockQuantity} + ${delta}` })
      .where(eq(listings.id, id))
      .returning({ stock: listings.stockQuantity });
    await queueInventorySync(ctx, [id], tx);
    if (updated.stock === 0) await notifyLowStock(ctx, tx, id);
    await ctx.events.publish({ userId, type: "listings" }, tx);
    return updated.stock;
  });
}

/** DELETE /api/listings/:id: optionally deletes the product from the store first (a failure keeps the listing). */
export async function deleteListing(
  ctx: AppContext,
  userId: string,
  id: string,
  deleteFromShopify: boolean,
): Promise<void> {
  const [listing] = await ctx.db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, userId)));
  if (!listing) throw notFound(LISTING_TEXTS.listingNotFound);
  if (deleteFromShopify) {
    const shop = await connectedShop(ctx, userId);
    if (!shop) throw badRequest(SHOPIFY_TEXTS.notConnected);
    try {
      await shop.admin.deleteProduct(listing.shopifyProductId);
    } catch (err) {
      const mapped = shopifyHttpError(err);
      throw mapped.statusCode === 502 ? new HttpError(502, LISTING_TEXTS.deleteFromShopifyFailed) : mapped;
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(listings).where(eq(listings.id, id));
    await ctx.events.publish({ userId, type: "listings" }, tx);
  });
}
