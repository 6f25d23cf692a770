import { and, eq, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { encryptSecret } from "../../src/server/crypto/secrets.js";
import { at, missing } from "../../src/server/db/rows.js";
import { sandboxShopifyTokens, sandboxShopifyVariants, shops } from "../../src/server/db/schema/index.js";
import {
  issueNonExpiringToken,
  revokeAccessTokens,
} from "../../src/server/integrations/shopify/sandbox/store.js";
import { connectedShop, syncListingsInventory } from "../../src/server/modules/shopify/service.js";
import { renewIdleTokens, storedAccess, TOKEN_PURPOSE } from "../../src/server/modules/shopify/tokens.js";
import type { StreamEvent } from "../../src/server/realtime/bus.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { connectStore, linkListing, sellerWithStore, stockedItem } from "./shopify-fixtures.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RECONNECT = { error: "Shopify access was revoked. Please reinstall the app." };

describe.each(DRIVERS)("Shopify's expiring offline tokens on %s", (driver) => {
  // The app and its emulator read the time from this clock; a test moves it to let tokens expire.
  let now = Date.now();
  beforeEach(() => {
    now = Date.now();
  });
  const t = useTestApp(driver, { clock: () => now });

  const shopRow = async (domain: string) =>
    (await t.app.ctx.db.select().from(shops).where(eq(shops.domain, domain)))[0];
  const issuedTokens = (domain: string) =>
    t.app.ctx.db.select().from(sandboxShopifyTokens).where(eq(sandboxShopifyTokens.shop, domain));
  const variantQuantity = async (variantId: string) =>
    at(
      await t.app.ctx.db
        .select()
        .from(sandboxShopifyVariants)
        .where(eq(sandboxShopifyVariants.id, variantId)),
      0,
    ).inventoryQuantity;
  const products = (headers: { cookie: string }) =>
    t.app.inject({ method: "GET", url: "/api/shopify/products", headers });
  const accessRefused = async (headers: { cookie: string }) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/me", headers })).json().shopifyAccessRefused;
  /** The user events published for `userId` while `act` runs (the ones that make open pages refetch the session). */
  async function userEventsDuring(userId: string, act: () => Promise<unknown>): Promise<StreamEvent[]> {
    const events: StreamEvent[] = [];
    const unsubscribe = t.app.ctx.events.subscribe(userId, (e) => {
      if (e.type === "user") events.push(e);
    });
    try {
      await act();
      // A notification arrives after the statement that published it; wait for one, then for any straggler.
      await expect.poll(() => events.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return events;
    } finally {
      unsubscribe();
    }
  }

  /** A seller whose store grants the inventory scopes, with listings on its first variants (stock 6, 7, ...). */
  async function sellerWithListings(count: number) {
    const seller = await sellerWithStore(t.app, { purpose: "reinstall" });
    const item = await stockedItem(t.app, seller.user.userId, "mm2", 50);
    const listings = [];
    for (let i = 0; i < count; i++) {
      const listing = await linkListing(
        t.app,
        seller.user,
        at(seller.variants, i),
        [{ itemId: item.id, quantity: 1 }],
        6 + i,
      );
      listings.push({ ...listing, variantId: at(seller.variants, i).variantId });
    }
    return { ...seller, listings };
  }

  it("connecting a store stores an expiring token and its refresh token, both encrypted", async () => {
    const { shop } = await sellerWithStore(t.app);
    const row = await shopRow(shop);
    expect(row.accessTokenExpiresAt?.getTime()).toBeGreaterThan(now + 59 * MINUTE);
    expect(row.accessTokenExpiresAt?.getTime()).toBeLessThanOrEqual(now + 60 * MINUTE);
    expect(row.refreshTokenExpiresAt!.getTime() - row.accessTokenExpiresAt!.getTime()).toBe(
      90 * DAY - 60 * MINUTE,
    );
    expect(row.accessTokenEncrypted).not.toContain("shpat_");
    expect(row.refreshTokenEncrypted).toBeTruthy();
    expect(row.refreshTokenEncrypted).not.toContain("shprt_");
    const issued = await issuedTokens(shop);
    expect(issued).toHaveLength(1);
    expect(at(issued, 0).expiresAt).not.toBeNull();
    expect(at(issued, 0).refreshTokenHash).not.toBeNull();
  });

  it("refreshes a token past its expiry, or within five minutes of it, before the next stock sync", async () => {
    const seller = await sellerWithListings(1);
    const [listing = missing("listing")] = seller.listings;
    const installed = await shopRow(seller.shop);

    now += 56 * MINUTE;
    await syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "early" });
    expect(await variantQuantity(listing.variantId)).toBe(6);
    const early = await shopRow(seller.shop);
    expect(early.accessTokenEncrypted).not.toBe(installed.accessTokenEncrypted);
    expect(early.refreshTokenEncrypted).not.toBe(installed.refreshTokenEncrypted);
    expect(early.accessTokenExpiresAt?.getTime()).toBeGreaterThan(now + 59 * MINUTE);

    now += 2 * 60 * MINUTE;
    await t.app.ctx.db
      .update(sandboxShopifyVariants)
      .set({ inventoryQuantity: 1 })
      .where(eq(sandboxShopifyVariants.id, listing.variantId));
    await syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "late" });
    expect(await variantQuantity(listing.variantId)).toBe(6);
    const refreshed = (await issuedTokens(seller.shop)).filter((r) => r.refreshedAt);
    expect(refreshed).toHaveLength(2);
  });

  it("two syncs of one store at its token's expiry refresh it once", async () => {
    const seller = await sellerWithListings(2);
    now += 61 * MINUTE;
    const [a = missing("a"), b = missing("b")] = seller.listings;
    await Promise.all([
      syncListingsInventory(t.app.ctx, { listingIds: [a.id], syncId: "one" }),
      syncListingsInventory(t.app.ctx, { listingIds: [b.id], syncId: "two" }),
    ]);
    // A refresh token is good once: a second refresh would have been refused, and its sync skipped.
    expect(await variantQuantity(a.variantId)).toBe(6);
    expect(await variantQuantity(b.variantId)).toBe(7);
    const issued = await issuedTokens(seller.shop);
    expect(issued).toHaveLength(2);
    expect(issued.filter((r) => r.refreshedAt)).toHaveLength(1);
  });

  it("a session whose token another one renewed meanwhile uses that token without refreshing again", async () => {
    const seller = await sellerWithStore(t.app);
    const early = await connectedShop(t.app.ctx, seller.user.userId);
    now += 56 * MINUTE;
    expect((await products(seller.user.headers)).statusCode).toBe(200);
    expect((await early!.admin.listProducts()).length).toBeGreaterThan(0);
    expect((await issuedTokens(seller.shop)).filter((r) => r.refreshedAt)).toHaveLength(1);
  });

  it("a 401 for a token the app still holds good gets one refresh and one retry", async () => {
    const seller = await sellerWithStore(t.app);
    // Shopify's clock runs ahead of the app's: it expired the token the app thinks has most of an hour left.
    await t.app.ctx.db
      .update(sandboxShopifyTokens)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sandboxShopifyTokens.shop, seller.shop));
    const res = await products(seller.user.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await issuedTokens(seller.shop)).filter((r) => r.refreshedAt)).toHaveLength(1);
  });

  /** Makes the store's row what it was before expiring tokens: a non-expiring token, no refresh token, no expiry. */
  async function storeAsBeforeExpiringTokens(shop: string): Promise<string> {
    const legacy = await issueNonExpiringToken(t.app.ctx.db, shop, "read_products,write_products");
    await t.app.ctx.db
      .update(shops)
      .set({
        accessTokenEncrypted: encryptSecret(t.app.ctx.config.appSecret, TOKEN_PURPOSE, legacy),
        accessTokenExpiresAt: null,
        refreshTokenEncrypted: null,
        refreshTokenExpiresAt: null,
      })
      .where(eq(shops.domain, shop));
    return legacy;
  }

  it("exchanges a stored non-expiring token for an expiring one at its first use", async () => {
    const seller = await sellerWithStore(t.app);
    const legacy = await storeAsBeforeExpiringTokens(seller.shop);

    const res = await products(seller.user.headers);
    expect(res.statusCode, res.body).toBe(200);
    const row = await shopRow(seller.shop);
    expect(row.refreshTokenEncrypted).toBeTruthy();
    expect(row.accessTokenExpiresAt?.getTime()).toBeGreaterThan(now + 59 * MINUTE);
    // The old token works no more.
    const old = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${seller.shop}/admin/api/2026-07/graphql.json`,
      headers: { "x-shopify-access-token": legacy },
      payload: { query: "{ shop { name } }" },
    });
    expect(old.statusCode).toBe(401);
  });

  it("the daily sweep renews refresh tokens within 30 days of their end and migrates old tokens, unused stores included", async () => {
    // Refused first (its refresh token ends first), so the others show that a refusal does not end the sweep.
    const revoked = await sellerWithStore(t.app);
    await revokeAccessTokens(t.app.ctx.db, revoked.shop);
    now += MINUTE;
    const nearEnd = await sellerWithStore(t.app);
    now += 61 * DAY;
    const recent = await sellerWithStore(t.app);
    const recentRow = await shopRow(recent.shop);
    const legacySeller = await sellerWithStore(t.app);
    await storeAsBeforeExpiringTokens(legacySeller.shop);

    await renewIdleTokens(t.app.ctx);

    const renewed = await shopRow(nearEnd.shop);
    expect(renewed.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(now + 89 * DAY);
    const migrated = await shopRow(legacySeller.shop);
    expect(migrated.refreshTokenEncrypted).toBeTruthy();
    expect(migrated.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(now + 89 * DAY);
    // A store with most of its 90 days left is not touched, and one Shopify refuses did not stop the others.
    expect((await shopRow(recent.shop)).accessTokenEncrypted).toBe(recentRow.accessTokenEncrypted);
    expect((await issuedTokens(recent.shop)).filter((r) => r.refreshedAt)).toHaveLength(0);
    const refused = await shopRow(revoked.shop);
    expect(refused.refreshTokenExpiresAt!.getTime()).toBeLessThan(now + 30 * DAY);
    expect(refused.accessRefusedAt?.getTime()).toBe(now);
    // Sessions live by the app's clock too: 61 days on, the seller signs in again.
    const nearEndAgain = await signIn(t.app, nearEnd.user.username);
    expect((await products(nearEndAgain.headers)).statusCode).toBe(200);
    expect((await products(legacySeller.user.headers)).statusCode).toBe(200);
  });

  it("an expired refresh token leaves the store to be connected again, which brings it back", async () => {
    const seller = await sellerWithListings(1);
    const [listing = missing("listing")] = seller.listings;
    now += 91 * DAY;
    // Sessions live by the app's clock too: 91 days on, the seller signs in again.
    const user = await signIn(t.app, seller.user.username);
    expect((await products(user.headers)).json()).toEqual(RECONNECT);
    const reconnect = await t.app.inject({
      method: "POST",
      url: "/api/shopify/reconnect",
      headers: user.headers,
    });
    expect(reconnect.statusCode).toBe(409);
    expect(reconnect.json()).toEqual(RECONNECT);
    await syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "expired" });
    expect(await variantQuantity(listing.variantId)).toBe(25);

    expect(await connectStore(t.app, user, seller.shop, { purpose: "reinstall" })).toBe(
      "/dashboard?shopify_linked=true",
    );
    expect((await products(user.headers)).statusCode).toBe(200);
  });

  it("a refresh Shopify refuses (tokens revoked) leaves the store to be connected again", async () => {
    const seller = await sellerWithListings(1);
    const [listing = missing("listing")] = seller.listings;
    await revokeAccessTokens(t.app.ctx.db, seller.shop);
    now += 61 * MINUTE;
    await syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "revoked" });
    expect(await variantQuantity(listing.variantId)).toBe(25);
    const res = await products(seller.user.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(RECONNECT);
    // Nothing was stored from a refused grant: the store is still there, waiting for a reinstall.
    const row = await shopRow(seller.shop);
    expect(row.uninstalledAt).toBeNull();
  });

  it("a refused renewal in the stock sync is remembered, shown on the session and published; a reinstall ends it", async () => {
    const seller = await sellerWithListings(1);
    const [listing = missing("listing")] = seller.listings;
    expect(await accessRefused(seller.user.headers)).toBe(false);
    await revokeAccessTokens(t.app.ctx.db, seller.shop);
    now += 61 * MINUTE;

    const events = await userEventsDuring(seller.user.userId, () =>
      syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "revoked" }),
    );
    expect(events).toEqual([{ userId: seller.user.userId, type: "user" }]);
    expect((await shopRow(seller.shop)).accessRefusedAt).toEqual(new Date(now));
    expect(await accessRefused(seller.user.headers)).toBe(true);
    // Refused again: the state stands, and its first instant is kept.
    now += MINUTE;
    expect((await products(seller.user.headers)).json()).toEqual(RECONNECT);
    expect((await shopRow(seller.shop)).accessRefusedAt).toEqual(new Date(now - MINUTE));

    await connectStore(t.app, seller.user, seller.shop, { purpose: "reinstall" });
    expect((await shopRow(seller.shop)).accessRefusedAt).toBeNull();
    expect(await accessRefused(seller.user.headers)).toBe(false);
    await syncListingsInventory(t.app.ctx, { listingIds: [listing.id], syncId: "reinstalled" });
    expect(await variantQuantity(listing.variantId)).toBe(6);
  });

  it("a refused store whose next call succeeds is no longer shown refused, and its seller's pages hear it", async () => {
    const seller = await sellerWithStore(t.app);
    await revokeAccessTokens(t.app.ctx.db, seller.shop);
    expect((await products(seller.user.headers)).json()).toEqual(RECONNECT);
    expect(await accessRefused(seller.user.headers)).toBe(true);

    // Shopify takes the tokens again (a refusal on its side that did not last).
    await t.app.ctx.db
      .update(sandboxShopifyTokens)
      .set({ revokedAt: null })
      .where(eq(sandboxShopifyTokens.shop, seller.shop));
    const events = await userEventsDuring(seller.user.userId, async () => {
      expect((await products(seller.user.headers)).statusCode).toBe(200);
    });
    expect(events).toEqual([{ userId: seller.user.userId, type: "user" }]);
    expect((await shopRow(seller.shop)).accessRefusedAt).toBeNull();
    expect(await accessRefused(seller.user.headers)).toBe(false);
  });

  it("a refusal of tokens that an install replaced meanwhile is not remembered", async () => {
    const seller = await sellerWithStore(t.app);
    const before = await shopRow(seller.shop);
    await connectStore(t.app, seller.user, seller.shop, { purpose: "reinstall" });
    // A call on the pair from before the reinstall ends refused after it.
    await storedAccess(t.app.ctx, before).settled?.("refused");
    expect((await shopRow(seller.shop)).accessRefusedAt).toBeNull();
    // The same outcome on the pair the store holds is remembered.
    await storedAccess(t.app.ctx, await shopRow(seller.shop)).settled?.("refused");
    expect((await shopRow(seller.shop)).accessRefusedAt).toEqual(new Date(now));
  });

  it("a refused link by another seller hands the owner a pair that ends a refused state", async () => {
    const owner = await sellerWithStore(t.app);
    await revokeAccessTokens(t.app.ctx.db, owner.shop);
    expect((await products(owner.user.headers)).json()).toEqual(RECONNECT);
    const other = await signIn(t.app, uniqueName("other"));
    const events = await userEventsDuring(owner.user.userId, async () => {
      expect(await connectStore(t.app, other, owner.shop)).toBe("/?error=store_already_linked");
    });
    expect(events).toEqual([{ userId: owner.user.userId, type: "user" }]);
    expect(await accessRefused(owner.user.headers)).toBe(false);
    expect((await products(owner.user.headers)).statusCode).toBe(200);
  });

  it("a refused link by another seller leaves the owner's store working", async () => {
    const owner = await sellerWithStore(t.app);
    const other = await signIn(t.app, uniqueName("other"));
    expect(await connectStore(t.app, other, owner.shop)).toBe("/?error=store_already_linked");
    // That install revoked the owner's pair at Shopify; the owner's row holds the new one.
    const revoked = await t.app.ctx.db
      .select()
      .from(sandboxShopifyTokens)
      .where(and(eq(sandboxShopifyTokens.shop, owner.shop), isNotNull(sandboxShopifyTokens.revokedAt)));
    expect(revoked).toHaveLength(1);
    expect((await products(owner.user.headers)).statusCode).toBe(200);
  });
});
