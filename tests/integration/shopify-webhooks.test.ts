import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at, missing } from "../../src/server/db/rows.js";
import {
  inventoryBalances,
  listings,
  orders,
  sandboxShopifyOrders,
  shopifyOrderReceipts,
  shops,
  users,
} from "../../src/server/db/schema/index.js";
import { shopifyWebhookSignature } from "../../src/server/integrations/shopify/sandbox/signing.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { jobsNaming } from "./jobs.js";
import {
  linkListing,
  orderBody,
  placeOrder,
  sellerWithStore,
  signedWebhook,
  stockedItem,
  uniqueShop,
} from "./shopify-fixtures.js";

const ORDERS = "/api/webhooks/shopify/orders";

describe.each(DRIVERS)("Shopify webhooks on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const db = () => t.app.ctx.db;

  async function balance(userId: string, itemId: string) {
    const [row] = await db()
      .select()
      .from(inventoryBalances)
      .where(and(eq(inventoryBalances.userId, userId), eq(inventoryBalances.itemId, itemId)));
    return { available: row?.available ?? 0, reserved: row?.reserved ?? 0 };
  }
  const ordersOf = async (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
  const receiptsOf = async (shop: string) =>
    db().select().from(shopifyOrderReceipts).where(eq(shopifyOrderReceipts.shopDomain, shop));
  const stockOf = async (listingId: string) =>
    at(await db().select().from(listings).where(eq(listings.id, listingId)), 0).stockQuantity;

  /** A seller with one mm2 listing (2 × item per unit) on the store's first variant. */
  async function sellerWithListing(inventory = 20, stock = 5) {
    const s = await sellerWithStore(t.app);
    const item = await stockedItem(t.app, s.user.userId, "mm2", inventory);
    const variant = at(s.variants, 0);
    const listing = await linkListing(t.app, s.user, variant, [{ itemId: item.id, quantity: 2 }], stock);
    return { ...s, item, variant, listing };
  }

  it("turns a storefront order into an order with its items reserved and stock lowered", async () => {
    const s = await sellerWithListing();
    const placed = await placeOrder(
      t.app,
      s.shop,
      [{ variantId: s.variant.variantId, quantity: 3 }],
      "Buyer@Example.com",
    );
    expect(placed.delivered).toBe(1);
    expect(BigInt(placed.order.id) > 2n ** 53n).toBe(true);

    const res = await t.app.inject({ method: "GET", url: "/api/orders", headers: s.user.headers });
    expect(res.statusCode).toBe(200);
    const [order] = res.json();
    expect(order).toMatchObject({
      status: "unclaimed",
      orderSource: "shopify",
      shopifyOrderId: placed.order.id,
      shopifyOrderNumber: placed.order.name.slice(1),
      customerEmail: "Buyer@Example.com",
      items: `${s.item.codeName}_6`,
      totalAmount: (Number(s.variant.price) * 3).toFixed(2),
      game: "mm2",
    });
    expect(order.claimUrl).toMatch(/^http:\/\/localhost:\d+\/claim\/[A-Za-z0-9_-]{32}$/);
    expect(order.shopifyAdminUrl).toContain(`/__sandbox/shopify/${s.shop}/admin/orders/${placed.order.id}`);
    expect(await balance(s.user.userId, s.item.id)).toEqual({ available: 14, reserved: 6 });
    expect(await stockOf(s.listing.id)).toBe(2);
  });

  it("stores one order however often the same order is delivered", async () => {
    const s = await sellerWithListing();
    const placed = await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 1 }]);
    for (let i = 0; i < 4; i++) {
      const again = await t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${s.shop}/orders/${placed.order.id}/redeliver`,
      });
      expect(again.json().delivered).toBe(1);
    }
    const [stored = missing("stored")] = await db()
      .select()
      .from(sandboxShopifyOrders)
      .where(eq(sandboxShopifyOrders.id, placed.order.id));
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => signedWebhook(t.app, ORDERS, s.shop, "orders/create", stored.payload)),
    );
    expect(concurrent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await ordersOf(s.user.userId)).toHaveLength(1);
    expect(await receiptsOf(s.shop)).toHaveLength(1);
    expect(await balance(s.user.userId, s.item.id)).toEqual({ available: 18, reserved: 2 });
    expect(await stockOf(s.listing.id)).toBe(4);
  });

  it("stores a signed order whose text holds NUL or a lone surrogate, repaired rather than lost", async () => {
    const s = await sellerWithListing();
    const id = "7300000000001";
    const body = orderBody({
      id,
      email: "odd\u0000buyer\uD800@example.com",
      lines: [{ variantId: s.variant.variantId, quantity: 1, price: "5.00" }],
    });
    const res = await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body);
    expect(res.statusCode, res.body).toBe(200);
    const [order = missing("order")] = await ordersOf(s.user.userId);
    expect(order.customerEmail).toBe("oddbuyer\uFFFD@example.com");
  });

  it("queues the orders.created follow-up only for sellers with something to follow up", async () => {
    const queued = (userId: string) => jobsNaming(t.app, "orders.created", userId);
    const s = await sellerWithListing();
    await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 1 }], "a@example.com");
    expect(await ordersOf(s.user.userId)).toHaveLength(1);
    expect(await queued(s.user.userId)).toBe(0);

    await db()
      .update(users)
      .set({
        discordWebhookUrl: "https://discord.com/api/webhooks/1/follow-up",
        discordNotificationsEnabled: true,
      })
      .where(eq(users.id, s.user.userId));
    await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 1 }], "b@example.com");
    expect(await ordersOf(s.user.userId)).toHaveLength(2);
    expect(await queued(s.user.userId)).toBe(1);
  });

  it("keeps ids above 2^53 exact, as strings", async () => {
    const s = await sellerWithListing();
    const id = "9007199254740993";
    const body = orderBody({ id, lines: [{ variantId: s.variant.variantId, quantity: 1, price: "12.50" }] });
    const res = await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body);
    expect(res.statusCode, res.body).toBe(200);
    const [order = missing("order")] = await ordersOf(s.user.userId);
    expect(order.shopifyOrderId).toBe(id);
    expect(order.totalAmount).toBe("12.50");
    expect(at(await receiptsOf(s.shop), 0).shopifyOrderId).toBe(id);
    // 9007199254740992 is the same double: it must be a different order.
    const neighbour = orderBody({
      id: "9007199254740992",
      lines: [{ variantId: s.variant.variantId, quantity: 1, price: "12.50" }],
    });
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", neighbour)).statusCode).toBe(200);
    expect((await ordersOf(s.user.userId)).map((o) => o.shopifyOrderId).sort()).toEqual([
      "9007199254740992",
      id,
    ]);
  });

  it("answers 401 and stores nothing for a bad, missing or stale signature", async () => {
    const s = await sellerWithListing();
    const body = orderBody({
      id: "7000000000000001",
      lines: [{ variantId: s.variant.variantId, quantity: 1, price: "1.00" }],
    });
    const bad = await signedWebhook(
      t.app,
      ORDERS,
      s.shop,
      "orders/create",
      body,
      Buffer.alloc(32).toString("base64"),
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: "Unauthorized" });
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body, "")).statusCode).toBe(401);
    expect(
      (await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body, "not base64!")).statusCode,
    ).toBe(401);
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body)).statusCode).toBe(200);
    const hmac = shopifyWebhookSignature(t.app.ctx.config.shopifyApiSecret, body);
    const altered = body.replace('"quantity":1', '"quantity":9');
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", altered, hmac)).statusCode).toBe(401);
    expect(await ordersOf(s.user.userId)).toHaveLength(1);
    expect(await receiptsOf(s.shop)).toHaveLength(1);
  });

  it("acknowledges unknown shops and unlinked products, refuses malformed bodies, never a 500", async () => {
    const s = await sellerWithListing();
    const unlinked = orderBody({
      id: "7000000000000101",
      lines: [{ variantId: "123", quantity: 1, price: "5.00" }],
    });
    expect(
      (await signedWebhook(t.app, ORDERS, uniqueShop("nobody"), "orders/create", unlinked)).statusCode,
    ).toBe(200);
    const res = await signedWebhook(t.app, ORDERS, s.shop, "orders/create", unlinked);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ status: "ignored", reason: "no_linked_products" });
    const zero = orderBody({
      id: "7000000000000102",
      lines: [{ variantId: s.variant.variantId, quantity: 0, price: "5.00" }],
    });
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", zero)).json().result.status).toBe(
      "ignored",
    );
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", "{not json")).statusCode).toBe(400);
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", '{"id":1}')).statusCode).toBe(400);
    expect((await signedWebhook(t.app, ORDERS, s.shop, "orders/create", "")).statusCode).toBe(400);
    expect((await signedWebhook(t.app, ORDERS, s.shop, "app/uninstalled", unlinked)).statusCode).toBe(400);
    expect(await ordersOf(s.user.userId)).toHaveLength(0);
    expect(await balance(s.user.userId, s.item.id)).toEqual({ available: 20, reserved: 0 });
  });

  it("splits a multi-game purchase into a parent with one order per game", async () => {
    const s = await sellerWithListing();
    const garden = await stockedItem(t.app, s.user.userId, "growagarden", 5);
    const other = at(s.variants, 1);
    await linkListing(t.app, s.user, other, [{ itemId: garden.id, quantity: 1 }], 5);
    const placed = await placeOrder(t.app, s.shop, [
      { variantId: s.variant.variantId, quantity: 1 },
      { variantId: other.variantId, quantity: 2 },
    ]);
    const all = await ordersOf(s.user.userId);
    expect(all).toHaveLength(3);
    const parent = all.find((o) => o.game === null)!;
    expect(parent.authKey).toBeTruthy();
    expect(parent.totalAmount).toBe((Number(s.variant.price) + 2 * Number(other.price)).toFixed(2));
    const subs = all.filter((o) => o.parentOrderId === parent.id);
    expect(subs.map((o) => o.game).sort()).toEqual(["growagarden", "mm2"]);
    expect(subs.every((o) => o.shopifyOrderId === placed.order.id && o.status === "unclaimed")).toBe(true);

    const list = (await t.app.inject({ method: "GET", url: "/api/orders", headers: s.user.headers })).json();
    expect(list).toHaveLength(2);
    expect(new Set(list.map((o: { claimUrl: string }) => o.claimUrl))).toEqual(
      new Set([expect.stringContaining(parent.authKey!)]),
    );
    expect(list.find((o: { game: string }) => o.game === "growagarden").items).toBe(`${garden.codeName}_2`);
    expect(await balance(s.user.userId, garden.id)).toEqual({ available: 3, reserved: 2 });
  });

  it("fails a game's order whole, with nothing reserved, when stock runs short", async () => {
    const s = await sellerWithListing(3, 5);
    // 2 units need 4 items; only 3 are in inventory.
    await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 2 }]);
    const [order = missing("order")] = await ordersOf(s.user.userId);
    expect(order.status).toBe("failed_no_stock");
    expect(await balance(s.user.userId, s.item.id)).toEqual({ available: 3, reserved: 0 });
    expect(await stockOf(s.listing.id)).toBe(5);
    // The listing's own stock is a limit too.
    const t2 = await sellerWithListing(100, 1);
    await placeOrder(t.app, t2.shop, [{ variantId: t2.variant.variantId, quantity: 2 }]);
    expect(at(await ordersOf(t2.user.userId), 0).status).toBe("failed_no_stock");
    expect(await balance(t2.user.userId, t2.item.id)).toEqual({ available: 100, reserved: 0 });
  });

  it("marks the store uninstalled on app/uninstalled and ignores its orders afterwards", async () => {
    const s = await sellerWithListing();
    const res = await t.app.inject({ method: "POST", url: `/__sandbox/shopify/${s.shop}/uninstall` });
    expect(res.json().deliveries[0].status).toBe(200);
    const [row = missing("row")] = await db().select().from(shops).where(eq(shops.domain, s.shop));
    expect(row.uninstalledAt).not.toBeNull();
    const body = orderBody({
      id: "7000000000000201",
      lines: [{ variantId: s.variant.variantId, quantity: 1, price: "1.00" }],
    });
    const late = await signedWebhook(t.app, ORDERS, s.shop, "orders/create", body);
    expect(late.json().result).toEqual({ status: "ignored", reason: "unknown_shop" });
    expect(await ordersOf(s.user.userId)).toHaveLength(0);
    const products = await t.app.inject({
      method: "GET",
      url: "/api/shopify/products",
      headers: s.user.headers,
    });
    expect(products.statusCode).toBe(400);
    expect(products.json()).toEqual({ error: "Connect your Shopify store first" });
  });

  it("handles the compliance webhooks: data request, customer redact, shop redact", async () => {
    const s = await sellerWithListing();
    await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 1 }], "gone@example.com");
    await placeOrder(t.app, s.shop, [{ variantId: s.variant.variantId, quantity: 1 }], "stays@example.com");
    const compliance = (topic: string, email?: string) =>
      t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${s.shop}/compliance`,
        payload: { topic, email },
      });

    const request = await compliance("customers/data_request", "gone@example.com");
    expect(request.json().deliveries[0].status).toBe(200);
    const redact = await compliance("customers/redact", "gone@example.com");
    expect(redact.json().deliveries[0].status).toBe(200);
    const emails = (await ordersOf(s.user.userId)).map((o) => o.customerEmail);
    expect(emails).toHaveLength(2);
    expect(emails).toEqual(expect.arrayContaining(["stays@example.com", null]));

    const unsigned = await signedWebhook(
      t.app,
      "/api/webhooks/shopify/customers-redact",
      s.shop,
      "customers/redact",
      '{"shop_domain":"x"}',
      "",
    );
    expect(unsigned.statusCode).toBe(401);

    await t.app.inject({ method: "POST", url: `/__sandbox/shopify/${s.shop}/uninstall` });
    const shopRedact = await compliance("shop/redact");
    expect(shopRedact.json().deliveries[0].status).toBe(200);
    expect(await db().select().from(shops).where(eq(shops.domain, s.shop))).toHaveLength(0);
    expect(await receiptsOf(s.shop)).toHaveLength(0);
    expect((await ordersOf(s.user.userId)).every((o) => o.customerEmail === null)).toBe(true);
  });
});
