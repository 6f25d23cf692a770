import { expect } from "vitest";
import type { Game } from "../../src/contract/games.js";
import type { App } from "../../src/server/app.js";
import { shopifyWebhookSignature } from "../../src/server/integrations/shopify/sandbox/signing.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { type SignedIn, signIn } from "./helpers.js";

/** Shared set-up for the Shopify, listings, orders and dashboard tests. */

export function uniqueShop(prefix = "store"): string {
  return `${uniqueName(prefix).toLowerCase().replaceAll("_", "-")}.myshopify.com`;
}

/** The path part of a redirect to this app (the test app answers everything in-process). */
export function pathOf(location: string): string {
  const url = new URL(location, "http://localhost");
  return url.pathname + url.search;
}

/**
 * Runs the whole OAuth install against the emulator the way a browser would: /api/shopify/install, the authorize
 * page's Install app button, and the callback with the session cookie. Answers where the app sent the browser.
 */
export async function connectStore(
  app: App,
  user: SignedIn,
  shop: string,
  opts: {
    purpose?: "setup" | "reconnect" | "reinstall";
    tamper?: (query: URLSearchParams) => void | Promise<void>;
    callbackCookie?: string;
  } = {},
): Promise<string> {
  const install = await app.inject({
    method: "GET",
    url: `/api/shopify/install?${new URLSearchParams({ shop, purpose: opts.purpose ?? "setup" })}`,
    headers: user.headers,
  });
  expect(install.statusCode, install.body).toBe(302);
  const authorize = new URL(install.headers.location as string);
  const approve = await app.inject({
    method: "POST",
    url: authorize.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      client_id: authorize.searchParams.get("client_id") ?? "",
      scope: authorize.searchParams.get("scope") ?? "",
      redirect_uri: authorize.searchParams.get("redirect_uri") ?? "",
      state: authorize.searchParams.get("state") ?? "",
    }).toString(),
  });
  expect(approve.statusCode, approve.body).toBe(302);
  const callback = new URL(approve.headers.location as string);
  await opts.tamper?.(callback.searchParams);
  const done = await app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    headers: opts.callbackCookie === undefined ? user.headers : { cookie: opts.callbackCookie },
  });
  expect(done.statusCode, done.body).toBe(302);
  return done.headers.location as string;
}

export interface StoreVariant {
  productId: string;
  variantId: string;
  title: string;
  price: string;
}

/** The store's products through the app's own GET /api/shopify/products, flattened to variants. */
export async function storeVariants(app: App, user: SignedIn): Promise<StoreVariant[]> {
  const res = await app.inject({ method: "GET", url: "/api/shopify/products", headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string; title: string; variants: { id: string; price: string }[] }[]).flatMap(
    (p) => p.variants.map((v) => ({ productId: p.id, variantId: v.id, title: p.title, price: v.price })),
  );
}

export async function linkListing(
  app: App,
  user: SignedIn,
  variant: StoreVariant,
  items: { itemId: string; quantity: number }[],
  stockQuantity = 10,
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/listings/link",
    headers: user.headers,
    payload: {
      shopifyProductId: variant.productId,
      shopifyVariantId: variant.variantId,
      stockQuantity,
      items,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; stockQuantity: number; game: string };
}

/** Places an order on the emulated store; it delivers orders/create to the app like Shopify does. */
export async function placeOrder(
  app: App,
  shop: string,
  lineItems: { variantId: string; quantity: number }[],
  email = "buyer@example.com",
) {
  const res = await app.inject({
    method: "POST",
    url: `/__sandbox/shopify/${shop}/orders`,
    payload: { lineItems, email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    order: { id: string; name: string };
    delivered: number;
    deliveries: { status: number }[];
  };
}

/**
 * A webhook signed with the app's API secret (the sandbox secret is shared by app and emulator); an `eventId` of
 * null leaves out X-Shopify-Event-Id.
 */
export function signedWebhook(
  app: App,
  path: string,
  shop: string,
  topic: string,
  body: string,
  hmac?: string,
  eventId: string | null = crypto.randomUUID(),
) {
  return app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": topic,
      "x-shopify-shop-domain": shop,
      "x-shopify-webhook-id": crypto.randomUUID(),
      ...(eventId === null ? {} : { "x-shopify-event-id": eventId }),
      "x-shopify-api-version": "2026-07",
      ...(hmac === ""
        ? {}
        : {
            "x-shopify-hmac-sha256": hmac ?? shopifyWebhookSignature(app.ctx.config.shopifyApiSecret, body),
          }),
    },
    payload: body,
  });
}

/** An orders/create body with bare numeric ids, as Shopify writes them. */
export function orderBody(o: {
  id: string;
  email?: string;
  lines: { variantId: string; productId?: string; quantity: number; price: string }[];
}): string {
  const lines = o.lines
    .map(
      (l, i) =>
        `{"id":${BigInt(o.id) + BigInt(i + 1)},"variant_id":${l.variantId},"product_id":${l.productId ?? 1},"quantity":${l.quantity},"price":"${l.price}","title":"x"}`,
    )
    .join(",");
  return `{"id":${o.id},"admin_graphql_api_id":"gid://shopify/Order/${o.id}","name":"#${o.id.slice(-4)}","order_number":${Number(o.id.slice(-4))},"email":${JSON.stringify(o.email ?? "buyer@example.com")},"line_items":[${lines}]}`;
}

/** Polls until check() passes (jobs run in the background). */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface SellerWithStore {
  user: SignedIn;
  shop: string;
  variants: StoreVariant[];
}

/** A seller (pro unless told) with a freshly connected sandbox store. */
export async function sellerWithStore(
  app: App,
  opts: { tier?: "free" | "basic" | "pro"; purpose?: "setup" | "reconnect" | "reinstall" } = {},
): Promise<SellerWithStore> {
  const user = await signIn(app, uniqueName("seller"), { tier: opts.tier ?? "pro", setupCompleted: true });
  const shop = uniqueShop();
  await connectStore(app, user, shop, { purpose: opts.purpose ?? "reconnect" });
  return { user, shop, variants: await storeVariants(app, user) };
}

/** A new catalogue item of a game, with some of it in the seller's inventory. */
export async function stockedItem(app: App, userId: string, game: Game, quantity: number) {
  const item = await createItem(app, game);
  if (quantity > 0) await grant(app, userId, item.id, quantity);
  return item;
}
