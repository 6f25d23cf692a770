import { describe, expect, it } from "vitest";
import {
  ensureSandboxShop,
  issueAuthCode,
  issueExpiringToken,
  issueNonExpiringToken,
} from "../../src/server/integrations/shopify/sandbox/store.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { uniqueShop } from "./shopify-fixtures.js";

const HOUR = 3_600_000;
const OFFLINE = "urn:shopify:params:oauth:token-type:offline-access-token";
const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

describe.each(DRIVERS)("the Shopify emulator's expiring offline tokens on %s", (driver) => {
  let now = Date.now();
  const t = useTestApp(driver, { clock: () => now });

  async function store() {
    const shop = uniqueShop("tokens");
    await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, shop);
    const grant = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${shop}/admin/oauth/access_token`,
        payload: {
          client_id: t.app.ctx.config.shopifyApiKey,
          client_secret: t.app.ctx.config.shopifyApiSecret,
          ...body,
        },
      });
    const admin = (token: string) =>
      t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${shop}/admin/api/2026-07/graphql.json`,
        headers: { "x-shopify-access-token": token },
        payload: { query: "{ shop { name } }" },
      });
    return { shop, grant, admin };
  }

  it("issues an expiring pair for a code sent with expiring=1, and a non-expiring token the Admin API refuses without", async () => {
    const s = await store();
    const expiring = await s.grant({
      code: await issueAuthCode(t.app.ctx.db, s.shop, "read_products"),
      expiring: 1,
    });
    expect(expiring.statusCode).toBe(200);
    expect(expiring.json()).toEqual({
      access_token: expect.stringMatching(/^shpat_[0-9a-f]{32}$/),
      scope: "read_products",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_[0-9a-f]{32}$/),
      refresh_token_expires_in: 7_776_000,
    });
    expect((await s.admin(expiring.json().access_token)).statusCode).toBe(200);

    const legacy = await s.grant({ code: await issueAuthCode(t.app.ctx.db, s.shop, "read_products") });
    expect(Object.keys(legacy.json()).sort()).toEqual(["access_token", "scope"]);
    const refused = await s.admin(legacy.json().access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errors:
        "Non-expiring access tokens are no longer accepted for the Admin API. Start using expiring offline tokens.",
    });
  });

  it("answers 401 for an expired access token", async () => {
    const s = await store();
    const { accessToken } = await issueExpiringToken(t.app.ctx.db, s.shop, "read_products", now);
    now += HOUR - 1000;
    expect((await s.admin(accessToken)).statusCode).toBe(200);
    now += 1000;
    const expired = await s.admin(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ errors: INVALID_TOKEN });
  });

  it("rotates the refresh token: the new pair works, the old access and refresh tokens no more", async () => {
    const s = await store();
    const first = await issueExpiringToken(t.app.ctx.db, s.shop, "read_products", now);
    now += 2 * HOUR;
    const refreshed = await s.grant({ grant_type: "refresh_token", refresh_token: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const pair = refreshed.json();
    expect(pair).toMatchObject({
      scope: "read_products",
      expires_in: 3600,
      refresh_token_expires_in: 7_776_000,
    });
    expect(pair.refresh_token).not.toBe(first.refreshToken);
    expect((await s.admin(pair.access_token)).statusCode).toBe(200);

    const reused = await s.grant({ grant_type: "refresh_token", refresh_token: first.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      error: "invalid_request",
      error_description: "This request requires an active refresh_token",
    });
    const unknown = await s.grant({ grant_type: "refresh_token", refresh_token: "shprt_unknown" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("invalid_grant");

    // A new expiring token for the shop (another install) revokes the pair before it.
    const other = await issueExpiringToken(t.app.ctx.db, s.shop, "read_products", now);
    expect((await s.admin(pair.access_token)).statusCode).toBe(401);
    expect(
      (await s.grant({ grant_type: "refresh_token", refresh_token: pair.refresh_token })).statusCode,
    ).toBe(401);
    expect((await s.admin(other.accessToken)).statusCode).toBe(200);
  });

  it("refuses a refresh token past its 90 days", async () => {
    const s = await store();
    const { refreshToken } = await issueExpiringToken(t.app.ctx.db, s.shop, "read_products", now);
    now += 90 * 24 * HOUR;
    const expired = await s.grant({ grant_type: "refresh_token", refresh_token: refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe("invalid_request");
  });

  it("exchanges a non-expiring token for an expiring pair once, and retires the old token", async () => {
    const s = await store();
    const legacy = await issueNonExpiringToken(t.app.ctx.db, s.shop, "read_products,write_inventory");
    const exchange = (subject: string, extra: Record<string, unknown> = {}) =>
      s.grant({
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: subject,
        subject_token_type: OFFLINE,
        requested_token_type: OFFLINE,
        expiring: "1",
        ...extra,
      });
    const migrated = await exchange(legacy);
    expect(migrated.statusCode).toBe(200);
    expect(migrated.json()).toMatchObject({
      scope: "read_products,write_inventory",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
    });
    expect((await s.admin(migrated.json().access_token)).statusCode).toBe(200);
    expect((await s.admin(legacy)).statusCode).toBe(401);

    const again = await exchange(legacy);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: "invalid_subject_token",
      error_description: "Subject token is invalid",
    });
    // Only a non-expiring token is migrated.
    expect((await exchange(migrated.json().access_token)).json().error).toBe("invalid_subject_token");
    expect((await exchange("")).json().error).toBe("missing_subject_token");
    const other = await issueNonExpiringToken(t.app.ctx.db, s.shop, "read_products");
    expect((await exchange(other, { expiring: "0" })).statusCode).toBe(400);
    expect((await s.admin(other)).statusCode).toBe(403);
  });

  it("refuses grants it does not know and wrong client credentials", async () => {
    const s = await store();
    const unsupported = await s.grant({ grant_type: "client_credentials" });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toBe("unsupported_grant_type");
    const wrongSecret = await s.grant({
      client_secret: "nope",
      grant_type: "refresh_token",
      refresh_token: "x",
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error).toBe("invalid_client");
  });
});
