import { and, eq, inArray, sql } from "drizzle-orm";
import { SHOPIFY_REINSTALL_SCOPES } from "../../contract/shopify.js";
import type { AppContext } from "../context.js";
import { at } from "../db/rows.js";
import {
  items,
  listingItems,
  listings,
  orderItems,
  orders,
  sandboxShopifyFulfillments,
  sandboxShopifyOrders,
  shops,
  users,
} from "../db/schema/index.js";
import {
  createSandboxOrder,
  ensureSandboxShop,
  issueExpiringToken,
  listProductsWithVariants,
  orderWebhookSchema,
  parseJsonExact,
} from "../integrations/shopify/index.js";
import { invalidateDashboardRollups } from "../modules/dashboard/index.js";
import { applyMovement } from "../modules/inventory/index.js";
import { ingestShopifyOrder, tokenColumns, webhookSubscriptions } from "../modules/shopify/index.js";
import { DEMO_SELLER } from "./items-and-users.js";
import { demoOrderSchedule, seededRandom } from "./schedule.js";

export const DEMO_SHOP = "autodrop-demo.myshopify.com";
const DAYS = 30;
const GRANT_PER_ITEM = 60;
const LISTING_STOCK = 30;

/**
 * The demo seller's store: the sandbox shop autodrop-demo.myshopify.com connected (with the inventory scopes),
 * its products linked to inventory (one listing sold out, so some orders fail for lack of stock), and 30 days of
 * orders placed through the emulator and taken in by the real intake, then moved back in time and along their
 * lifecycle (old ones delivered, recent ones waiting to be claimed or in trade). Runs once: a seller who already
 * has a store is left alone.
 */
export async function seedDemoShop(ctx: AppContext): Promise<void> {
  if (!ctx.config.sandbox) return;
  const [seller] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${DEMO_SELLER})`);
  if (!seller) return;
  const [existing] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.userId, seller.id));
  if (existing) return;

  const shop = await ensureSandboxShop(ctx.db, ctx.config.publicUrl, DEMO_SHOP);
  // As after a reinstall, so the demo store shows stock sync and delivered orders fulfilled.
  const scopes = SHOPIFY_REINSTALL_SCOPES.join(",");
  const issuedAt = ctx.clock();
  const tokens = await issueExpiringToken(ctx.db, DEMO_SHOP, scopes, issuedAt);
  await ctx.db
    .insert(shops)
    .values({ userId: seller.id, domain: DEMO_SHOP, scopes, ...tokenColumns(ctx, tokens, issuedAt) })
    .onConflictDoNothing();
  await ctx.providers.shopify.admin(DEMO_SHOP, tokens.accessToken).ensureWebhooks(webhookSubscriptions(ctx));

  // Link each sample product to the catalogue item of the same name.
  const products = await listProductsWithVariants(ctx.db, DEMO_SHOP);
  const catalogue = await ctx.db
    .select()
    .from(items)
    .where(
      inArray(
        items.publicName,
        products.map((p) => p.product.title),
      ),
    );
  const linked: { listingId: string; variantId: string; itemId: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const [i, { product, variants }] of products.entries()) {
      const item = catalogue.find((c) => c.publicName === product.title);
      const variant = variants[0];
      if (!item || !variant) continue;
      await applyMovement(tx, seller.id, "admin_grant", [{ itemId: item.id, quantity: GRANT_PER_ITEM }], {
        note: "demo data",
      });
      const [listing] = await tx
        .insert(listings)
        .values({
          userId: seller.id,
          title: product.title,
          game: item.game,
          shopifyProductId: product.id,
          shopifyVariantId: variant.id,
          // The last listing is sold out: its orders show failed_no_stock.
          stockQuantity: i === products.length - 1 ? 0 : LISTING_STOCK,
        })
        .onConflictDoNothing()
        .returning({ id: listings.id });
      if (!listing) continue;
      await tx.insert(listingItems).values({ listingId: listing.id, itemId: item.id, quantity: 1 });
      linked.push({ listingId: listing.id, variantId: variant.id, itemId: item.id });
    }
  });
  if (linked.length === 0) return;

  const rand = seededRandom(20_250_701);
  for (const { daysAgo, placedAt } of demoOrderSchedule(ctx.clock(), DAYS, rand)) {
    const pick = at(linked, Math.floor(rand() * linked.length));
    const sandboxOrder = await createSandboxOrder(ctx.db, shop, {
      lineItems: [{ variantId: pick.variantId, quantity: 1 + Math.floor(rand() * 2) }],
      email: `buyer${Math.floor(rand() * 9000 + 1000)}@example.com`,
    });
    const payload = orderWebhookSchema.parse(parseJsonExact(sandboxOrder.payload));
    const result = await ingestShopifyOrder(ctx, DEMO_SHOP, payload);
    if (result.status !== "created") continue;
    const stage =
      daysAgo > 2 ? "completed" : at(["unclaimed", "pending", "completed"], Math.floor(rand() * 3));
    await ageOrder(ctx, seller.id, result.orderIds, sandboxOrder.id, new Date(placedAt), stage);
  }
  await invalidateDashboardRollups(ctx.db, seller.id);
}

/** Moves a freshly taken order back in time and along its lifecycle, keeping the ledger true to it. */
async function ageOrder(
  ctx: AppContext,
  userId: string,
  orderIds: string[],
  sandboxOrderId: string,
  at: Date,
  stage: string,
) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(orders).set({ createdAt: at }).where(inArray(orders.id, orderIds));
    await tx
      .update(sandboxShopifyOrders)
      .set({ createdAt: at })
      .where(eq(sandboxShopifyOrders.id, sandboxOrderId));
    if (stage === "unclaimed") return;
    const open = await tx
      .select()
      .from(orders)
      .where(and(inArray(orders.id, orderIds), eq(orders.status, "unclaimed")));
    for (const order of open) {
      const buyer = `Buyer${order.id.slice(0, 6)}`;
      if (stage === "pending") {
        await tx
          .update(orders)
          .set({ status: "pending", robloxUsername: buyer, usernameLocked: true, claimedAt: at })
          .where(eq(orders.id, order.id));
        continue;
      }
      const lines = await tx
        .select({ itemId: orderItems.itemId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      await applyMovement(tx, userId, "delivery", lines, { orderId: order.id });
      await tx
        .update(orders)
        .set({
          status: "completed",
          robloxUsername: buyer,
          usernameLocked: true,
          claimedAt: at,
          completedAt: new Date(at.getTime() + 3_600_000),
        })
        .where(eq(orders.id, order.id));
    }
    if (stage === "completed" && open.length > 0) {
      await tx
        .update(sandboxShopifyOrders)
        .set({ fulfillmentStatus: "fulfilled" })
        .where(eq(sandboxShopifyOrders.id, sandboxOrderId));
      await tx
        .insert(sandboxShopifyFulfillments)
        .values({ orderId: sandboxOrderId, shop: DEMO_SHOP, createdAt: new Date(at.getTime() + 3_600_000) });
    }
  });
}
