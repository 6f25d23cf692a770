import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  gameSettings,
  listings,
  sandboxShopifyProducts,
  sandboxShopifyVariants,
  users,
} from "../../src/server/db/schema/index.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { drainJobs } from "./jobs.js";
import {
  eventually,
  linkListing,
  type StoreVariant,
  sellerWithStore,
  stockedItem,
} from "./shopify-fixtures.js";

describe.each(DRIVERS)("listings on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const call = (method: "GET" | "POST" | "DELETE", url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
  const link = (
    headers: object,
    v: StoreVariant | null,
    items: { itemId: string; quantity: number }[],
    stockQuantity?: unknown,
  ) =>
    call("POST", "/api/listings/link", headers, {
      shopifyProductId: v?.productId ?? "",
      shopifyVariantId: v?.variantId ?? "",
      items,
      ...(stockQuantity === undefined ? {} : { stockQuantity }),
    });
  const variantStock = async (variantId: string) =>
    (
      await t.app.ctx.db.select().from(sandboxShopifyVariants).where(eq(sandboxShopifyVariants.id, variantId))
    )[0].inventoryQuantity;

  /** Adds listings straight into the database (to reach the plan limits quickly). */
  async function addListings(userId: string, n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({
      userId,
      title: `filler ${i}`,
      game: "mm2",
      shopifyProductId: `${i + 1}`,
      shopifyVariantId: `${uniqueName("v")}`,
    }));
    await t.app.ctx.db.insert(listings).values(rows);
  }

  it("needs a signed-in seller for every call", async () => {
    for (const [method, url] of [
      ["GET", "/api/listings"],
      ["POST", "/api/listings/link"],
      ["POST", "/api/listings/00000000-0000-4000-8000-000000000000/add-stock"],
      ["POST", "/api/listings/00000000-0000-4000-8000-000000000000/deduct-stock"],
      ["DELETE", "/api/listings/00000000-0000-4000-8000-000000000000"],
      ["GET", "/api/shopify/products"],
    ] as const) {
      expect((await call(method, url, {}, method === "POST" ? {} : undefined)).statusCode).toBe(401);
    }
  });

  it("links items to a store product, titled after it, and lists it", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 10);
    const v = s.variants[2];
    const res = await link(s.user.headers, v, [{ itemId: item.id, quantity: 3 }], 7);
    expect(res.statusCode, res.body).toBe(200);
    const listing = res.json();
    expect(listing).toMatchObject({
      title: v.title,
      game: "mm2",
      stockQuantity: 7,
      isActive: true,
      shopifyProductId: v.productId,
      shopifyVariantId: v.variantId,
    });
    expect(listing.shopifyAdminUrl).toContain(`/__sandbox/shopify/${s.shop}/admin/products/${v.productId}`);
    expect(listing.items).toEqual([
      {
        id: expect.any(String),
        itemId: item.id,
        quantity: 3,
        item: expect.objectContaining({ codeName: item.codeName, game: "mm2" }),
      },
    ]);
    const list = await call("GET", "/api/listings", s.user.headers);
    expect(list.json()).toEqual([listing]);
    // Default stock is 10 when none is sent.
    const other = await link(s.user.headers, s.variants[3], [{ itemId: item.id, quantity: 1 }]);
    expect(other.json().stockQuantity).toBe(10);
    // Another seller sees none of it.
    const stranger = await signIn(t.app, uniqueName("stranger"));
    expect((await call("GET", "/api/listings", stranger.headers)).json()).toEqual([]);
  });

  it("answers every link rule with its text", async () => {
    const s = await sellerWithStore(t.app);
    const mm2 = await stockedItem(t.app, s.user.userId, "mm2", 5);
    const garden = await stockedItem(t.app, s.user.userId, "growagarden", 5);
    const v = s.variants[0];
    const expectError = async (res: Awaited<ReturnType<typeof link>>, status: number, error: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ error });
    };
    const pick = "Please select a Shopify listing and add items to link";
    await expectError(await link(s.user.headers, null, [{ itemId: mm2.id, quantity: 1 }]), 400, pick);
    await expectError(await link(s.user.headers, v, []), 400, pick);
    for (const bad of [0, -1, 1.5, "abc"]) {
      await expectError(
        await link(s.user.headers, v, [{ itemId: mm2.id, quantity: 1 }], bad),
        400,
        "Stock must be a whole number of at least 1",
      );
    }
    await expectError(
      await link(s.user.headers, v, [
        { itemId: mm2.id, quantity: 1 },
        { itemId: garden.id, quantity: 1 },
      ]),
      400,
      "Cannot mix items from different games",
    );
    await expectError(
      await link(s.user.headers, v, [{ itemId: mm2.id, quantity: 6 }]),
      400,
      `Not enough ${mm2.publicName} in inventory (available: 5)`,
    );
    const zeroQty = await link(s.user.headers, v, [{ itemId: mm2.id, quantity: 0 }]);
    expect(zeroQty.statusCode).toBe(400);
    expect(zeroQty.json().error).toContain("items.0.quantity");
    await expectError(
      await link(s.user.headers, { ...v, variantId: "123456" }, [{ itemId: mm2.id, quantity: 1 }]),
      400,
      "That Shopify product or variant no longer exists",
    );
    await expectError(
      await link(s.user.headers, { ...v, productId: s.variants[1].productId }, [
        { itemId: mm2.id, quantity: 1 },
      ]),
      400,
      "That Shopify product or variant no longer exists",
    );

    await t.app.ctx.db
      .insert(gameSettings)
      .values({ game: "growagarden", maxItemsPerListing: 3 })
      .onConflictDoUpdate({
        target: gameSettings.game,
        set: { maxItemsPerListing: 3 },
      });
    await expectError(
      await link(s.user.headers, v, [{ itemId: garden.id, quantity: 4 }]),
      400,
      "A Grow a Garden listing can include at most 3 items",
    );
    await t.app.ctx.db
      .update(gameSettings)
      .set({ maxItemsPerListing: null })
      .where(eq(gameSettings.game, "growagarden"));

    // Linked quantity is no longer available for another listing.
    expect((await link(s.user.headers, v, [{ itemId: mm2.id, quantity: 4 }])).statusCode).toBe(200);
    await expectError(
      await link(s.user.headers, v, [{ itemId: mm2.id, quantity: 1 }]),
      409,
      "This Shopify listing is already linked to your inventory",
    );
    await expectError(
      await link(s.user.headers, s.variants[1], [{ itemId: mm2.id, quantity: 2 }]),
      400,
      `Not enough ${mm2.publicName} in inventory (available: 1)`,
    );

    const noStore = await signIn(t.app, uniqueName("nostore"), { tier: "pro" });
    const item = await stockedItem(t.app, noStore.userId, "mm2", 5);
    await expectError(
      await link(noStore.headers, v, [{ itemId: item.id, quantity: 1 }]),
      400,
      "Connect your Shopify store first",
    );
  });

  it("enforces the plan's listing limit: free 20, basic 100, pro unlimited", async () => {
    const cases = [
      { tier: "free" as const, limit: 20 },
      { tier: "basic" as const, limit: 100 },
    ];
    for (const { tier, limit } of cases) {
      const s = await sellerWithStore(t.app, { tier });
      const item = await stockedItem(t.app, s.user.userId, "mm2", 5);
      await addListings(s.user.userId, limit - 1);
      expect((await link(s.user.headers, s.variants[0], [{ itemId: item.id, quantity: 1 }])).statusCode).toBe(
        200,
      );
      const refused = await link(s.user.headers, s.variants[1], [{ itemId: item.id, quantity: 1 }]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: `Your ${tier} plan allows up to ${limit} listings. Upgrade your plan to add more.`,
      });
    }
    const pro = await sellerWithStore(t.app, { tier: "pro" });
    const item = await stockedItem(t.app, pro.user.userId, "mm2", 5);
    await addListings(pro.user.userId, 150);
    expect(
      (await link(pro.user.headers, pro.variants[0], [{ itemId: item.id, quantity: 1 }])).statusCode,
    ).toBe(200);

    // An expired paid plan counts as free: existing listings stay, new ones are refused.
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionTier: "basic", subscriptionExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, pro.user.userId));
    const expired = await link(pro.user.headers, pro.variants[1], [{ itemId: item.id, quantity: 1 }]);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toContain("free plan allows up to 20");
  });

  it("adds and deducts stock with the spec's validation texts", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 5);
    const listing = await linkListing(t.app, s.user, s.variants[0], [{ itemId: item.id, quantity: 1 }], 5);
    const add = (body: object, headers = s.user.headers) =>
      call("POST", `/api/listings/${listing.id}/add-stock`, headers, body);
    const deduct = (body: object) =>
      call("POST", `/api/listings/${listing.id}/deduct-stock`, s.user.headers, body);

    const added = await add({ stockToAdd: 3 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ success: true, newStockQuantity: 8 });
    for (const bad of [0, -2, 1.5, "x", null]) {
      const res = await add({ stockToAdd: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Please enter a valid stock amount greater than 0" });
    }
    expect((await deduct({ stockToDeduct: 2 })).json()).toEqual({ success: true, newStockQuantity: 6 });
    for (const bad of [0, 7, 2.5, "two"]) {
      const res = await deduct({ stockToDeduct: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Please enter a valid amount between 1 and 6" });
    }
    expect((await deduct({ stockToDeduct: 6 })).json().newStockQuantity).toBe(0);

    const stranger = await signIn(t.app, uniqueName("stranger"));
    expect((await add({ stockToAdd: 1 }, stranger.headers)).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/listings/not-a-uuid/add-stock", s.user.headers, { stockToAdd: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it("deletes a listing, and the store's product too when asked", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 5);
    const keep = await linkListing(t.app, s.user, s.variants[0], [{ itemId: item.id, quantity: 1 }]);
    const drop = await linkListing(t.app, s.user, s.variants[1], [{ itemId: item.id, quantity: 1 }]);
    const products = async () =>
      t.app.ctx.db.select().from(sandboxShopifyProducts).where(eq(sandboxShopifyProducts.shop, s.shop));
    const before = (await products()).length;

    const stranger = await signIn(t.app, uniqueName("stranger"));
    expect((await call("DELETE", `/api/listings/${keep.id}`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await call("DELETE", `/api/listings/${keep.id}?deleteFromShopify=maybe`, s.user.headers)).statusCode,
    ).toBe(400);

    expect(
      (await call("DELETE", `/api/listings/${keep.id}?deleteFromShopify=false`, s.user.headers)).json(),
    ).toEqual({ success: true });
    expect(await products()).toHaveLength(before);
    expect(
      (await call("DELETE", `/api/listings/${drop.id}?deleteFromShopify=true`, s.user.headers)).json(),
    ).toEqual({ success: true });
    expect((await products()).map((p) => p.id)).not.toContain(s.variants[1].productId);
    expect((await call("GET", "/api/listings", s.user.headers)).json()).toEqual([]);
    expect((await call("DELETE", `/api/listings/${drop.id}`, s.user.headers)).statusCode).toBe(404);
  });

  it("keeps the variant's Shopify inventory level in step with listing stock when the store granted inventory access", async () => {
    const s = await sellerWithStore(t.app, { purpose: "reinstall" });
    const item = await stockedItem(t.app, s.user.userId, "mm2", 50);
    const v = s.variants[0];
    const listing = await linkListing(t.app, s.user, v, [{ itemId: item.id, quantity: 1 }], 4);
    await eventually(async () => expect(await variantStock(v.variantId)).toBe(4));
    await call("POST", `/api/listings/${listing.id}/add-stock`, s.user.headers, { stockToAdd: 5 });
    await eventually(async () => expect(await variantStock(v.variantId)).toBe(9));
    // A sale lowers the listing's stock and the store follows.
    const sold = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/orders`,
      payload: { lineItems: [{ variantId: v.variantId, quantity: 2 }], email: "b@example.com" },
    });
    expect(sold.statusCode).toBe(201);
    await eventually(async () => expect(await variantStock(v.variantId)).toBe(7));

    // Without the inventory scopes nothing is written to the store.
    const plain = await sellerWithStore(t.app);
    const before = await variantStock(plain.variants[0].variantId);
    const other = await stockedItem(t.app, plain.user.userId, "mm2", 5);
    await linkListing(t.app, plain.user, plain.variants[0], [{ itemId: other.id, quantity: 1 }], 2);
    await drainJobs(t.app);
    expect(await variantStock(plain.variants[0].variantId)).toBe(before);
  });
});
