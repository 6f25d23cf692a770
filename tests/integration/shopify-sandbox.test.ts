import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import claimButtonTexts from "../../extensions/claim-button/locales/en.default.json" with { type: "json" };
import { claimUrl } from "../../extensions/claim-button/src/claim-url.js";
import { at, missing } from "../../src/server/db/rows.js";
import {
  sandboxShopifyDeliveries,
  sandboxShopifyOrders,
  sandboxShopifyVariants,
} from "../../src/server/db/schema/index.js";
import { shopifyWebhookSignature } from "../../src/server/integrations/shopify/sandbox/signing.js";
import {
  ensureSandboxShop,
  issueExpiringToken,
} from "../../src/server/integrations/shopify/sandbox/store.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { linkListing, placeOrder, sellerWithStore, stockedItem, uniqueShop } from "./shopify-fixtures.js";

describe.each(DRIVERS)("the Shopify emulator on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const graphql = (shop: string, token: string | undefined, query: string, variables?: object) =>
    t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${shop}/admin/api/2026-07/graphql.json`,
      headers: token ? { "x-shopify-access-token": token } : {},
      payload: { query, variables },
    });

  /** A store with a token of the given scopes, without the OAuth dance. */
  async function storeWithToken(scopes: string) {
    const shop = uniqueShop("emu");
    await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, shop);
    const issued = await issueExpiringToken(t.app.ctx.db, shop, scopes, t.app.ctx.clock());
    return { shop, token: issued.accessToken };
  }

  it("answers the Admin API only with a valid token, and checks scopes and the schema", async () => {
    const { shop, token } = await storeWithToken("read_products");
    const anonymous = await graphql(shop, undefined, "{ shop { name } }");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors).toContain("Invalid API key or access token");
    expect((await graphql(shop, "shpat_wrong", "{ shop { name } }")).statusCode).toBe(401);
    const other = uniqueShop("emu");
    await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, other);
    expect((await graphql(other, token, "{ shop { name } }")).statusCode).toBe(401);

    const ok = await graphql(
      shop,
      token,
      "{ shop { myshopifyDomain } products(first: 2) { nodes { id title } } }",
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.shop.myshopifyDomain).toBe(shop);
    expect(ok.json().data.products.nodes).toHaveLength(2);
    expect(ok.json().data.products.nodes[0].id).toMatch(/^gid:\/\/shopify\/Product\/\d{16,}$/);

    const unknownField = await graphql(shop, token, "{ products(first: 1) { nodes { price } } }");
    expect(unknownField.json().errors[0].message).toContain('Cannot query field "price"');
    const denied = await graphql(
      shop,
      token,
      `mutation { productDelete(input: { id: "gid://shopify/Product/1" }) { deletedProductId } }`,
    );
    expect(denied.json().errors[0].extensions.code).toBe("ACCESS_DENIED");
    expect(denied.json().data.productDelete).toBeNull();
  });

  it("checks the app credentials and single-use codes on the token exchange", async () => {
    const shop = uniqueShop("emu");
    const authorize = (q: Record<string, string>) =>
      t.app.inject({
        method: "GET",
        url: `/__sandbox/shopify/${shop}/admin/oauth/authorize?${new URLSearchParams(q)}`,
      });
    const good = {
      client_id: t.app.ctx.config.shopifyApiKey,
      scope: "read_orders",
      redirect_uri: `${t.app.ctx.config.publicUrl}/api/shopify/callback`,
      state: "s",
    };
    expect((await authorize(good)).statusCode).toBe(200);
    expect((await authorize({ ...good, client_id: "someone-else" })).statusCode).toBe(400);
    expect((await authorize({ ...good, redirect_uri: "https://evil.example.com/cb" })).statusCode).toBe(400);

    const approve = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${shop}/admin/oauth/authorize`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(good).toString(),
    });
    const back = new URL(approve.headers.location as string);
    expect([...back.searchParams.keys()].sort()).toEqual([
      "code",
      "hmac",
      "host",
      "shop",
      "state",
      "timestamp",
    ]);
    const exchange = (body: object) =>
      t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${shop}/admin/oauth/access_token`,
        payload: body,
      });
    const creds = {
      client_id: t.app.ctx.config.shopifyApiKey,
      client_secret: t.app.ctx.config.shopifyApiSecret,
    };
    expect(
      (await exchange({ ...creds, client_secret: "nope", code: back.searchParams.get("code") })).statusCode,
    ).toBe(400);
    const first = await exchange({ ...creds, code: back.searchParams.get("code") });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      access_token: expect.stringMatching(/^shpat_[0-9a-f]{32}$/),
      scope: "read_orders",
    });
    expect((await exchange({ ...creds, code: back.searchParams.get("code") })).statusCode).toBe(400);
  });

  it("delivers orders/create signed like Shopify, with bare ids above 2^53 and one webhook id per event", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "bubblegumsimulator", 10);
    await linkListing(t.app, s.user, at(s.variants, 0), [{ itemId: item.id, quantity: 1 }]);
    const placed = await placeOrder(t.app, s.shop, [{ variantId: at(s.variants, 0).variantId, quantity: 1 }]);
    await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/orders/${placed.order.id}/redeliver`,
    });

    const [order = missing("order")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyOrders)
      .where(eq(sandboxShopifyOrders.id, placed.order.id));
    expect(order.payload).toMatch(new RegExp(`^\\{"id":${placed.order.id},`));
    expect(order.payload).toContain(`"variant_id":${at(s.variants, 0).variantId}`);
    expect(String(JSON.parse(order.payload).id)).not.toBe(placed.order.id);
    const deliveries = await t.app.ctx.db
      .select()
      .from(sandboxShopifyDeliveries)
      .where(eq(sandboxShopifyDeliveries.orderId, placed.order.id));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(new Set(deliveries.map((d) => d.webhookId)).size).toBe(1);
    expect(at(deliveries, 0).address).toBe(`${t.app.ctx.config.publicUrl}/api/webhooks/shopify/orders`);
    expect(shopifyWebhookSignature(t.app.ctx.config.shopifyApiSecret, order.payload)).toMatch(
      /^[A-Za-z0-9+/]{43}=$/,
    );

    const bad = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/orders`,
      payload: { lineItems: [{ variantId: "1", quantity: 1 }], email: "a@b.co" },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/__sandbox/shopify/${s.shop}/orders`,
          payload: { lineItems: [], email: "a@b.co" },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("serves the storefront, places orders from its form and shows them with their fulfillments", async () => {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", 10);
    await linkListing(t.app, s.user, at(s.variants, 1), [{ itemId: item.id, quantity: 1 }]);
    const store = await t.app.inject({ method: "GET", url: `/__sandbox/shopify/${s.shop}/store` });
    expect(store.statusCode).toBe(200);
    expect(store.body).toContain(at(s.variants, 1).title);
    expect(store.body).not.toContain("<script");

    const checkout = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/store/checkout`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `qty_${at(s.variants, 1).variantId}=2&email=shopper%40example.com`,
    });
    expect(checkout.statusCode).toBe(303);
    const [ours] = (
      await t.app.inject({ method: "GET", url: "/api/orders", headers: s.user.headers })
    ).json();
    expect(ours.customerEmail).toBe("shopper@example.com");
    // Checkout ends on the Thank you page, with the Claim button the checkout extension shows there.
    const thankYou = await t.app.inject({ method: "GET", url: checkout.headers.location as string });
    expect(thankYou.statusCode).toBe(200);
    expect(thankYou.body).toContain("Thank you for your purchase!");
    expect(thankYou.body).toContain(claimButtonTexts.hint);
    const link = claimUrl(t.app.ctx.config.publicUrl, ours.shopifyOrderId, "shopper@example.com")!;
    expect(link).toMatch(/\/claim\/\d+\/shopper%40example\.com$/);
    expect(thankYou.body).toContain(`href="${link}"`);
    expect(thankYou.body).toContain(`>${claimButtonTexts.claim}</a>`);
    const claim = await t.app.inject({ method: "GET", url: `/api/orders${new URL(link).pathname}` });
    expect(claim.statusCode, claim.body).toBe(200);
    const orderPage = await t.app.inject({
      method: "GET",
      url: `/__sandbox/shopify/${s.shop}/admin/orders/${ours.shopifyOrderId}`,
    });
    expect(orderPage.body).toContain("orders/create → 200");

    const empty = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/store/checkout`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=shopper%40example.com",
    });
    expect(empty.headers.location).toContain("error=");

    // Fulfillment through the real client, as the delivery step does.
    const client = t.app.ctx.providers.shopify;
    const { shop, token } = {
      shop: s.shop,
      token: (
        await issueExpiringToken(
          t.app.ctx.db,
          s.shop,
          "read_orders,write_orders,write_merchant_managed_fulfillment_orders",
          t.app.ctx.clock(),
        )
      ).accessToken,
    };
    const admin = client.admin(shop, token);
    expect(await admin.fulfillOrder(ours.shopifyOrderId)).toBe(1);
    expect(await admin.fulfillOrder(ours.shopifyOrderId)).toBe(0);
    const list = await t.app.inject({ method: "GET", url: `/__sandbox/shopify/${s.shop}/admin/orders` });
    expect(list.body).toContain("fulfilled");
    expect((await t.app.inject({ method: "GET", url: "/__sandbox/shopify" })).body).toContain(s.shop);
    expect((await t.app.inject({ method: "GET", url: "/__sandbox" })).body).toContain("/__sandbox/shopify");
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/__sandbox/shopify/${s.shop}/admin/products/${at(s.variants, 1).productId}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: `/__sandbox/shopify/${s.shop}/admin/settings` })).body,
    ).toContain("ORDERS_CREATE");
  });

  it("shows fulfillment orders and creates fulfillments only with the merchant-managed fulfillment scopes", async () => {
    const orderOf = async (scopes: string) => {
      const store = await storeWithToken(scopes);
      const [variant = missing("variant")] = await t.app.ctx.db
        .select()
        .from(sandboxShopifyVariants)
        .where(eq(sandboxShopifyVariants.shop, store.shop))
        .limit(1);
      const placed = await placeOrder(t.app, store.shop, [{ variantId: variant.id, quantity: 1 }]);
      const [row = missing("row")] = await t.app.ctx.db
        .select()
        .from(sandboxShopifyOrders)
        .where(eq(sandboxShopifyOrders.id, placed.order.id));
      return { ...store, orderId: placed.order.id, fulfillmentOrderId: row.fulfillmentOrderId };
    };
    const fulfillmentOrders = (o: { shop: string; token: string; orderId: string }) =>
      graphql(
        o.shop,
        o.token,
        `query($id: ID!) { order(id: $id) { fulfillmentOrders(first: 5) { nodes { id } } } }`,
        {
          id: `gid://shopify/Order/${o.orderId}`,
        },
      );
    const create = (o: { shop: string; token: string; fulfillmentOrderId: string }) =>
      graphql(
        o.shop,
        o.token,
        `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id } userErrors { message } } }`,
        {
          f: {
            lineItemsByFulfillmentOrder: [
              { fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${o.fulfillmentOrderId}` },
            ],
          },
        },
      );

    // read/write_orders alone: the order is there, its fulfillment orders are not, and no error says why.
    const orders = await orderOf("read_orders,write_orders");
    const hidden = await fulfillmentOrders(orders);
    expect(hidden.json().errors).toBeUndefined();
    expect(hidden.json().data.order.fulfillmentOrders.nodes).toEqual([]);
    const refused = await create(orders);
    expect(refused.json().errors[0].extensions.code).toBe("ACCESS_DENIED");
    expect(refused.json().errors[0].message).toContain("write_merchant_managed_fulfillment_orders");
    expect(refused.json().data.fulfillmentCreate).toBeNull();
    expect(
      await t.app.ctx.providers.shopify.admin(orders.shop, orders.token).fulfillOrder(orders.orderId),
    ).toBe(0);

    // Reading is not writing.
    const readOnly = await orderOf("read_orders,read_merchant_managed_fulfillment_orders");
    expect((await fulfillmentOrders(readOnly)).json().data.order.fulfillmentOrders.nodes).toEqual([
      { id: `gid://shopify/FulfillmentOrder/${readOnly.fulfillmentOrderId}` },
    ]);
    expect((await create(readOnly)).json().errors[0].extensions.code).toBe("ACCESS_DENIED");

    // The write scope implies the read one, as on Shopify.
    const granted = await orderOf("read_orders,write_merchant_managed_fulfillment_orders");
    expect((await fulfillmentOrders(granted)).json().data.order.fulfillmentOrders.nodes).toHaveLength(1);
    expect((await create(granted)).json().data.fulfillmentCreate).toMatchObject({
      fulfillment: { id: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/) },
      userErrors: [],
    });
  });

  it("sets inventory levels only with the inventory scope and the compare-and-swap field", async () => {
    const { shop, token } = await storeWithToken("read_products,write_inventory");
    const [variant = missing("variant")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.shop, shop))
      .limit(1);
    const client = t.app.ctx.providers.shopify.admin(shop, token);
    expect(await client.setVariantInventory(variant.id, 3, "sync-1:listing-1")).toBe(true);
    const [after = missing("after")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.id, variant.id));
    expect(after.inventoryQuantity).toBe(3);
    const shape = await graphql(
      shop,
      token,
      `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) @idempotent(key: "k-1") { userErrors { code } } }`,
      {
        input: {
          name: "available",
          reason: "correction",
          quantities: [
            {
              inventoryItemId: `gid://shopify/InventoryItem/${variant.inventoryItemId}`,
              locationId: "gid://shopify/Location/1",
              quantity: 1,
              changeFromQuantity: null,
            },
          ],
        },
      },
    );
    expect(shape.json().data.inventorySetQuantities.userErrors[0].code).toBe("INVALID_LOCATION");
    const readOnly = await storeWithToken("read_products");
    const [theirs = missing("theirs")] = await t.app.ctx.db
      .select()
      .from(sandboxShopifyVariants)
      .where(eq(sandboxShopifyVariants.shop, readOnly.shop))
      .limit(1);
    const denied = t.app.ctx.providers.shopify.admin(readOnly.shop, readOnly.token);
    await expect(denied.setVariantInventory(theirs.id, 1, "sync-1:listing-2")).rejects.toMatchObject({
      kind: "forbidden",
    });
  });
});
