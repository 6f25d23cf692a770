import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at, missing } from "../../src/server/db/rows.js";
import { listings, sandboxShopifyVariants } from "../../src/server/db/schema/index.js";
import { BUCKET_SIZE } from "../../src/server/integrations/shopify/sandbox/graphql/cost.js";
import {
  executeAdminGraphql,
  rulesFor,
} from "../../src/server/integrations/shopify/sandbox/graphql/index.js";
import {
  ensureSandboxShop,
  findSandboxShop,
  issueExpiringToken,
} from "../../src/server/integrations/shopify/sandbox/store.js";
import { syncListingsInventory } from "../../src/server/modules/shopify/service.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { linkListing, sellerWithStore, stockedItem, uniqueShop } from "./shopify-fixtures.js";

const SET = (directive: string) =>
  `mutation Set($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) ${directive} {
      inventoryAdjustmentGroup { id }
      userErrors { field message code }
    }
  }`;

describe.each(DRIVERS)("the Shopify emulator's version rules on %s", (driver) => {
  const t = useTestApp(driver);

  async function store() {
    const shop = uniqueShop("rules");
    const row = await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, shop);
    const { accessToken: token } = await issueExpiringToken(
      t.app.ctx.db,
      shop,
      "read_products,write_inventory",
      t.app.ctx.clock(),
    );
    const [variant = missing("variant")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.shop, shop))
      .limit(1);
    const quantityOf = async () =>
      at(
        await t.app.ctx.db
          .select()
          .from(sandboxShopifyVariants)
          .where(eq(sandboxShopifyVariants.id, variant.id)),
        0,
      ).inventoryQuantity;
    const setQuantity = (quantity: number) =>
      t.app.ctx.db
        .update(sandboxShopifyVariants)
        .set({ inventoryQuantity: quantity })
        .where(and(eq(sandboxShopifyVariants.id, variant.id)));
    const input = (quantity: number, changeFromQuantity: number | null | "omitted" = null) => ({
      name: "available",
      reason: "correction",
      quantities: [
        {
          inventoryItemId: `gid://shopify/InventoryItem/${variant.inventoryItemId}`,
          locationId: `gid://shopify/Location/${row.locationId}`,
          quantity,
          ...(changeFromQuantity === "omitted" ? {} : { changeFromQuantity }),
        },
      ],
    });
    const graphql = async (version: string, query: string, variables?: object) =>
      (
        await t.app.inject({
          method: "POST",
          url: `/__sandbox/shopify/${shop}/admin/api/${version}/graphql.json`,
          headers: { "x-shopify-access-token": token },
          payload: { query, variables },
        })
      ).json();
    return { shop, token, quantityOf, setQuantity, input, graphql };
  }

  it("refuses inventorySetQuantities without @idempotent at 2026-07, and replays a key's first result", async () => {
    const s = await store();
    await s.setQuantity(1);
    const bare = await s.graphql("2026-07", SET(""), { input: s.input(5) });
    expect(bare.data.inventorySetQuantities).toBeNull();
    expect(bare.errors[0].message).toContain("@idempotent directive is required for inventorySetQuantities");
    expect(bare.errors[0].path).toEqual(["inventorySetQuantities"]);
    expect(await s.quantityOf()).toBe(1);

    const first = await s.graphql("2026-07", SET('@idempotent(key: "sync-a")'), { input: s.input(5) });
    expect(first.errors).toBeUndefined();
    expect(first.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(await s.quantityOf()).toBe(5);

    // A sale lowers the quantity; a replay of the key answers the first result without setting 5 again.
    await s.setQuantity(4);
    const replay = await s.graphql("2026-07", SET('@idempotent(key: "sync-a")'), { input: s.input(5) });
    expect(replay.data).toEqual(first.data);
    expect(await s.quantityOf()).toBe(4);

    const reused = await s.graphql("2026-07", SET('@idempotent(key: "sync-a")'), { input: s.input(6) });
    expect(reused.data.inventorySetQuantities.userErrors[0].code).toBe("IDEMPOTENCY_KEY_PARAMETER_MISMATCH");
    expect(await s.quantityOf()).toBe(4);
  });

  it("follows the version in the URL for the directive and changeFromQuantity", async () => {
    const s = await store();
    const old = await s.graphql("2025-10", SET('@idempotent(key: "k")'), { input: s.input(2) });
    expect(old.errors[0].message).toBe('Unknown directive "@idempotent".');
    expect((await s.graphql("2025-10", SET(""), { input: s.input(2) })).errors).toBeUndefined();
    expect((await s.graphql("2026-01", SET(""), { input: s.input(3) })).errors).toBeUndefined();
    expect(await s.quantityOf()).toBe(3);
    expect((await s.graphql("2026-05", "{ shop { name } }")).errors).toBe("Not Found");

    const omitted = await s.graphql("2026-07", SET('@idempotent(key: "k1")'), {
      input: s.input(7, "omitted"),
    });
    expect(omitted.errors[0].message).toContain("changeFromQuantity must be provided");
    const stale = await s.graphql("2026-07", SET('@idempotent(key: "k2")'), { input: s.input(7, 99) });
    expect(stale.data.inventorySetQuantities.userErrors[0]).toMatchObject({
      code: "CHANGE_FROM_QUANTITY_STALE",
      field: ["input", "quantities", "0", "changeFromQuantity"],
    });
    const current = await s.graphql("2026-07", SET('@idempotent(key: "k3")'), { input: s.input(7, 3) });
    expect(current.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(await s.quantityOf()).toBe(7);
  });

  it("counts query costs, refuses one over the single-query limit and throttles an empty bucket", async () => {
    const s = await store();
    const ok = await s.graphql("2026-07", "{ products(first: 2) { nodes { id title } } }");
    expect(ok.extensions.cost).toMatchObject({
      requestedQueryCost: 4,
      throttleStatus: { maximumAvailable: BUCKET_SIZE, restoreRate: 100 },
    });
    expect(ok.extensions.cost.actualQueryCost).toBeLessThanOrEqual(4);
    const huge = await s.graphql(
      "2026-07",
      "{ products(first: 250) { nodes { variants(first: 100) { nodes { id } } } } }",
    );
    expect(huge.errors[0].extensions).toMatchObject({ code: "MAX_COST_EXCEEDED", maxCost: 1000 });
    expect(huge.data).toBeUndefined();

    const shop = await findSandboxShop(t.app.ctx.db, s.shop);
    const ctx = { db: t.app.ctx.db, shop: shop!, scopes: ["read_products"], rules: rulesFor("2026-07") };
    const now = 1_000_000;
    const buckets = new Map([[s.shop, { available: 3, at: now }]]);
    const throttled = await executeAdminGraphql(
      ctx,
      { query: "{ products(first: 2) { nodes { id } } }" },
      buckets,
      now,
    );
    expect(throttled.errors).toEqual([
      expect.objectContaining({
        message: "Throttled",
        extensions: expect.objectContaining({ code: "THROTTLED" }),
      }),
    ]);
    // One second later the bucket has restored 100 points.
    const later = await executeAdminGraphql(
      ctx,
      { query: "{ products(first: 2) { nodes { id } } }" },
      buckets,
      now + 1000,
    );
    expect(later.errors).toBeUndefined();
  });

  it("needs read_inventory for inventory levels, so linking a variant asks only for its item", async () => {
    const shop = uniqueShop("scopes");
    await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, shop);
    const { accessToken: token } = await issueExpiringToken(
      t.app.ctx.db,
      shop,
      "read_products",
      t.app.ctx.clock(),
    );
    const [variant = missing("variant")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.shop, shop))
      .limit(1);
    const levels = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${shop}/admin/api/2026-07/graphql.json`,
      headers: { "x-shopify-access-token": token },
      payload: {
        query: `{ productVariant(id: "gid://shopify/ProductVariant/${variant.id}") { inventoryItem { id inventoryLevels(first: 1) { nodes { id } } } } }`,
      },
    });
    expect(levels.json().errors[0].extensions.code).toBe("ACCESS_DENIED");
    const client = t.app.ctx.providers.shopify.admin(shop, token);
    expect(await client.getVariant(variant.id)).toMatchObject({
      inventoryItemId: `gid://shopify/InventoryItem/${variant.inventoryItemId}`,
    });
  });

  it("pages products with opaque cursors", async () => {
    const s = await store();
    const q =
      "query($after: String) { products(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }";
    const one = await s.graphql("2026-07", q);
    expect(one.data.products.pageInfo.hasNextPage).toBe(true);
    const two = await s.graphql("2026-07", q, { after: one.data.products.pageInfo.endCursor });
    expect(two.data.products.nodes[0].id).not.toBe(one.data.products.nodes[0].id);
    expect((await s.graphql("2026-07", q, { after: "bogus" })).errors[0].message).toContain("Invalid cursor");
  });

  it("a retried sync job reuses its keys (Shopify answers the first result); the next sync sets the quantity again", async () => {
    const seller = await sellerWithStore(t.app, { purpose: "reinstall" });
    const item = await stockedItem(t.app, seller.user.userId, "mm2", 10);
    const listing = await linkListing(
      t.app,
      seller.user,
      at(seller.variants, 0),
      [{ itemId: item.id, quantity: 1 }],
      6,
    );
    const variantQuantity = async () =>
      at(
        await t.app.ctx.db
          .select()
          .from(sandboxShopifyVariants)
          .where(eq(sandboxShopifyVariants.id, at(seller.variants, 0).variantId)),
        0,
      ).inventoryQuantity;
    const job = { listingIds: [listing.id], syncId: "sync-1" };
    await syncListingsInventory(t.app.ctx, job);
    expect(await variantQuantity()).toBe(6);

    // A sale in Shopify lowers its count; the retry of the same job is a replay, the next sync sets 6 again.
    await t.app.ctx.db
      .update(sandboxShopifyVariants)
      .set({ inventoryQuantity: 2 })
      .where(eq(sandboxShopifyVariants.id, at(seller.variants, 0).variantId));
    await syncListingsInventory(t.app.ctx, job);
    expect(await variantQuantity()).toBe(2);
    await syncListingsInventory(t.app.ctx, { ...job, syncId: "sync-2" });
    expect(await variantQuantity()).toBe(6);

    // A retry after the listing's stock changed carries another quantity, so another key.
    await t.app.ctx.db.update(listings).set({ stockQuantity: 5 }).where(eq(listings.id, listing.id));
    await syncListingsInventory(t.app.ctx, { ...job, syncId: "sync-2" });
    expect(await variantQuantity()).toBe(5);
  });
});
