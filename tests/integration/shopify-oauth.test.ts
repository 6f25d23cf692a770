import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { at } from "../../src/server/db/rows.js";
import { oauthStates, sandboxShopifyWebhooks, shops } from "../../src/server/db/schema/index.js";
import { shopifyQuerySignature } from "../../src/server/integrations/shopify/sandbox/signing.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { connectStore, uniqueShop } from "./shopify-fixtures.js";

describe.each(DRIVERS)("Shopify OAuth against the emulator on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const seller = (prefix = "oauth") => signIn(t.app, uniqueName(prefix));
  const shopRow = async (domain: string) =>
    (await t.app.ctx.db.select().from(shops).where(eq(shops.domain, domain)))[0];

  it("needs a signed-in seller and a store domain", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/shopify/install?shop=abc" });
    expect(anonymous.statusCode).toBe(401);
    const user = await seller();
    const blank = await t.app.inject({
      method: "GET",
      url: "/api/shopify/install?shop=%20",
      headers: user.headers,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: "Please enter your store domain" });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/shopify/install?shop=-bad_name!",
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("redirects to the store's authorize page with the spec's scopes and a state bound to the seller", async () => {
    const user = await seller();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/shopify/install?shop=My-Shop&purpose=setup",
      headers: user.headers,
    });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.pathname).toBe("/__sandbox/shopify/my-shop.myshopify.com/admin/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe(t.app.ctx.config.shopifyApiKey);
    expect(url.searchParams.get("scope")).toBe("read_orders,write_orders,read_products,write_products");
    expect(url.searchParams.get("redirect_uri")).toBe(`${t.app.ctx.config.publicUrl}/api/shopify/callback`);
    const state = url.searchParams.get("state")!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    const stored = await t.app.ctx.db.select().from(oauthStates).where(eq(oauthStates.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(at(stored, 0).stateHash).not.toBe(state);
    expect(at(stored, 0).purpose).toBe("setup");
    expect(at(stored, 0).expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const page = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Install app");
    expect(page.body).toContain("write_products");

    const reinstall = await t.app.inject({
      method: "GET",
      url: "/api/shopify/install?shop=my-shop&purpose=reinstall",
      headers: user.headers,
    });
    expect(new URL(reinstall.headers.location as string).searchParams.get("scope")).toBe(
      "read_orders,write_orders,read_products,write_products,read_inventory,write_inventory," +
        "read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders",
    );
  });

  it("connects a store: token stored encrypted, webhooks subscribed, back to the wizard's step", async () => {
    const user = await seller();
    const shop = uniqueShop();
    expect(await connectStore(t.app, user, shop, { purpose: "setup" })).toBe("/?setup=step2");
    const row = await shopRow(shop);
    expect(row.userId).toBe(user.userId);
    expect(row.uninstalledAt).toBeNull();
    expect(row.scopes).toBe("read_orders,write_orders,read_products,write_products");
    expect(row.accessTokenEncrypted).not.toContain("shpat_");
    const hooks = await t.app.ctx.db
      .select()
      .from(sandboxShopifyWebhooks)
      .where(eq(sandboxShopifyWebhooks.shop, shop));
    expect(hooks.map((h) => `${h.topic} ${new URL(h.callbackUrl).pathname}`).sort()).toEqual([
      "APP_UNINSTALLED /api/webhooks/shopify/app-uninstalled",
      "ORDERS_CANCELLED /api/webhooks/shopify/orders-cancelled",
      "ORDERS_CREATE /api/webhooks/shopify/orders",
      "ORDERS_PAID /api/webhooks/shopify/orders-paid",
      "ORDERS_UPDATED /api/webhooks/shopify/orders-updated",
      "REFUNDS_CREATE /api/webhooks/shopify/refunds-create",
    ]);

    // Reconnecting (Store Settings) lands on the dashboard and subscribes nothing twice.
    expect(await connectStore(t.app, user, shop, { purpose: "reconnect" })).toBe(
      "/dashboard?shopify_linked=true",
    );
    expect(
      await t.app.ctx.db.select().from(sandboxShopifyWebhooks).where(eq(sandboxShopifyWebhooks.shop, shop)),
    ).toHaveLength(6);
    const reconnect = await t.app.inject({
      method: "POST",
      url: "/api/shopify/reconnect",
      headers: user.headers,
    });
    expect(reconnect.statusCode, reconnect.body).toBe(200);
    expect(reconnect.json()).toEqual({ success: true });
  });

  it("lists the store's products with string ids above 2^53", async () => {
    const user = await seller();
    await connectStore(t.app, user, uniqueShop());
    const res = await t.app.inject({ method: "GET", url: "/api/shopify/products", headers: user.headers });
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(products).toHaveLength(12);
    for (const p of products) {
      expect(typeof p.id).toBe("string");
      expect(BigInt(p.id) > 2n ** 53n).toBe(true);
      expect(p.handle).toMatch(/^[a-z0-9-]+$/);
      expect(p.variants).toHaveLength(1);
      expect(p.variants[0].price).toMatch(/^\d+\.\d{2}$/);
      expect(p.image.src).toContain("/item-images/");
    }
  });

  it("refuses a tampered hmac, a replayed or expired state, another seller's state and a missing session", async () => {
    const user = await seller();
    const other = await seller();
    const shop = uniqueShop();
    const tampered = await connectStore(t.app, user, shop, { tamper: (q) => q.set("hmac", "0".repeat(64)) });
    expect(tampered).toBe("/?error=oauth_failed");
    const shopTampered = await connectStore(t.app, user, shop, {
      tamper: (q) => q.set("shop", uniqueShop("evil")),
    });
    expect(shopTampered).toBe("/?error=oauth_failed");
    expect(await connectStore(t.app, user, shop, { callbackCookie: other.cookie })).toBe(
      "/?error=oauth_failed",
    );
    expect(await connectStore(t.app, user, shop, { callbackCookie: "" })).toBe("/?error=oauth_failed");
    expect(await shopRow(shop)).toBeUndefined();

    // A state is good once.
    let replay = "";
    expect(
      await connectStore(t.app, user, shop, {
        tamper: (q) => {
          replay = `/api/shopify/callback?${q}`;
        },
      }),
    ).toBe("/?setup=step2");
    const again = await t.app.inject({ method: "GET", url: replay, headers: user.headers });
    expect(again.headers.location).toBe("/?error=oauth_failed");

    // An expired state is refused.
    const expiring = uniqueShop();
    const expired = await connectStore(t.app, other, expiring, {
      tamper: async () => {
        await t.app.ctx.db
          .update(oauthStates)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(oauthStates.userId, other.userId));
      },
    });
    expect(expired).toBe("/?error=oauth_failed");
  });

  it("answers token_failed when the code cannot be exchanged", async () => {
    const user = await seller();
    const location = await connectStore(t.app, user, uniqueShop(), {
      tamper: (q) => {
        q.set("code", "not-a-code");
        q.delete("hmac");
        q.set("hmac", shopifyQuerySignature(t.app.ctx.config.shopifyApiSecret, Object.fromEntries(q)));
      },
    });
    expect(location).toBe("/?error=token_failed");
  });

  it("keeps a store with the seller who linked it", async () => {
    const first = await seller();
    const second = await seller();
    const shop = uniqueShop();
    await connectStore(t.app, first, shop);
    expect(await connectStore(t.app, second, shop)).toBe("/?error=store_already_linked");
    expect((await shopRow(shop)).userId).toBe(first.userId);
  });

  it("lets another seller link a store after the app was uninstalled from it", async () => {
    const first = await seller();
    const second = await seller();
    const shop = uniqueShop();
    await connectStore(t.app, first, shop);
    const uninstall = await t.app.inject({ method: "POST", url: `/__sandbox/shopify/${shop}/uninstall` });
    expect(uninstall.json().delivered).toBe(1);
    expect((await shopRow(shop)).uninstalledAt).not.toBeNull();
    const reconnect = await t.app.inject({
      method: "POST",
      url: "/api/shopify/reconnect",
      headers: first.headers,
    });
    expect(reconnect.statusCode).toBe(400);
    expect(await connectStore(t.app, second, shop, { purpose: "reconnect" })).toBe(
      "/dashboard?shopify_linked=true",
    );
    expect((await shopRow(shop)).userId).toBe(second.userId);
  });
});
