import { and, asc, eq, inArray } from "drizzle-orm";
import { GraphQLError } from "graphql";
import { sandboxShopifyProducts, sandboxShopifyVariants } from "../../../../db/schema/index.js";
import type { SandboxProduct, SandboxVariant } from "../store.js";
import { type GraphqlContext, gid, idOf, locationOf, pageInfo, requireScope } from "./common.js";

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
      inventoryLevels: () => {
        requireScope(ctx, "inventoryLevels", "read_inventory");
        return {
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
        };
      },
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

/** Cursors are opaque to clients, as Shopify's are; here they carry the position in the title order. */
const cursorAt = (position: number) => Buffer.from(`position:${position}`).toString("base64url");

function offsetOfCursor(cursor: string): number {
  const m = /^position:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!m)
    throw new GraphQLError("Invalid cursor for current pagination sort.", {
      extensions: { code: "BAD_REQUEST" },
    });
  return Number(m[1]);
}

/** Products and their variants (with each variant's inventory item and level). */
export const productResolvers = {
  products: async ({ first, after }: { first?: number; after?: string | null }, ctx: GraphqlContext) => {
    requireScope(ctx, "products", "read_products");
    const size = Math.min(first ?? 50, 250);
    const offset = after ? offsetOfCursor(after) : 0;
    const page = await ctx.db
      .select()
      .from(sandboxShopifyProducts)
      .where(eq(sandboxShopifyProducts.shop, ctx.shop.domain))
      .orderBy(asc(sandboxShopifyProducts.title), asc(sandboxShopifyProducts.id))
      .offset(offset)
      .limit(size + 1);
    const products = page.slice(0, size);
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
      pageInfo: {
        hasNextPage: page.length > size,
        hasPreviousPage: offset > 0,
        startCursor: products.length ? cursorAt(offset + 1) : null,
        endCursor: products.length ? cursorAt(offset + products.length) : null,
      },
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
};
