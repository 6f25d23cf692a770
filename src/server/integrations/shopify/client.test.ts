import { describe, expect, it } from "vitest";
import { type AdminAccess, ShopifyClient, ShopifyError } from "./client.js";

const config = {
  sandbox: false,
  publicUrl: "https://autodrop.example",
  shopifyApiKey: "key",
  shopifyApiSecret: "secret",
};
const PAIR = {
  access_token: "shpat_new",
  scope: "read_products",
  expires_in: 3600,
  refresh_token: "shprt_new",
  refresh_token_expires_in: 7_776_000,
};

/** A client whose token endpoint answers `status` with `body`, recording what it was sent. */
function clientAnswering(status: number, body: unknown) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const client = new ShopifyClient(async (url, init) => {
    sent.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }, config);
  return { client, sent };
}

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (err) {
    return err instanceof ShopifyError ? err.kind : "other";
  }
}

describe("ShopifyClient's token grants", () => {
  it("asks for an expiring token with the code, and for the refresh and token-exchange grants", async () => {
    const { client, sent } = clientAnswering(200, PAIR);
    expect(await client.exchangeCode("shop.myshopify.com", "code-1")).toEqual({
      accessToken: "shpat_new",
      scope: "read_products",
      expiresIn: 3600,
      refreshToken: "shprt_new",
      refreshTokenExpiresIn: 7_776_000,
    });
    await client.refreshAccessToken("shop.myshopify.com", "shprt_old");
    await client.migrateToExpiringToken("shop.myshopify.com", "shpat_old");
    expect(sent.map((s) => s.url)).toEqual(
      Array(3).fill("https://shop.myshopify.com/admin/oauth/access_token"),
    );
    const credentials = { client_id: "key", client_secret: "secret" };
    expect(sent.map((s) => s.body)).toEqual([
      { ...credentials, code: "code-1", expiring: "1" },
      { ...credentials, grant_type: "refresh_token", refresh_token: "shprt_old" },
      {
        ...credentials,
        grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
        subject_token: "shpat_old",
        subject_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
        expiring: "1",
      },
    ]);
  });

  it("reads a refused grant as a store to connect again, an outage as one to retry, a non-expiring answer as wrong", async () => {
    const refresh = (status: number, body: unknown) =>
      clientAnswering(status, body).client.refreshAccessToken("shop.myshopify.com", "shprt_old");
    expect(await kindOf(refresh(400, { error: "invalid_grant" }))).toBe("unauthorized");
    expect(await kindOf(refresh(401, { error: "invalid_request" }))).toBe("unauthorized");
    expect(await kindOf(refresh(503, "unavailable"))).toBe("unavailable");
    expect(await kindOf(refresh(200, { access_token: "shpat_x", scope: "" }))).toBe("rejected");
    const down = new ShopifyClient(async () => {
      throw new TypeError("fetch failed");
    }, config);
    expect(await kindOf(down.refreshAccessToken("shop.myshopify.com", "shprt_old"))).toBe("unavailable");
  });
});

describe("an Admin API session on a token source", () => {
  const ACCESS = { shop: { name: "Shop" }, currentAppInstallation: { accessScopes: [] } };

  /** A session whose shop answers its requests with `statuses` in turn (200: the Access query's data). */
  function session(statuses: number[], access: Partial<AdminAccess> = {}) {
    const outcomes: string[] = [];
    const client = new ShopifyClient(async () => {
      const status = statuses.shift() ?? 200;
      const body = status === 200 ? { data: ACCESS } : { errors: "[API] Invalid API key or access token" };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }, config);
    const admin = client.admin("shop.myshopify.com", {
      token: async () => "shpat_a",
      renew: async () => "shpat_b",
      settled: async (outcome) => {
        outcomes.push(outcome);
      },
      ...access,
    });
    return { check: () => kindOf(admin.checkAccess()), outcomes };
  }

  it("tells the source whether Shopify took its token, once per request, after the retry a 401 gets", async () => {
    const cases: [number[], Partial<AdminAccess>, string, string[]][] = [
      [[200], {}, "none", ["accepted"]],
      [[401, 200], {}, "none", ["accepted"]],
      [[401, 401], {}, "unauthorized", ["refused"]],
      [[403], {}, "forbidden", ["refused"]],
      [[503], {}, "unavailable", []],
      [
        [401],
        {
          renew: async () => {
            throw new ShopifyError("unauthorized", "The refresh token was refused");
          },
        },
        "unauthorized",
        ["refused"],
      ],
    ];
    for (const [statuses, access, kind, outcomes] of cases) {
      const s = session(statuses, access);
      expect(await s.check(), `${statuses}`).toBe(kind);
      expect(s.outcomes, `${statuses}`).toEqual(outcomes);
    }
  });
});
