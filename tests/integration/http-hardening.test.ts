import { describe, expect, it } from "vitest";
import { apiSeller, bearer } from "./api-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn, uniqueIp } from "./helpers.js";

describe.each(DRIVERS)("HTTP hardening on %s", (driver) => {
  const t = useTestApp(driver);

  it("answers 401 to a signed-out call with a body before it looks at the body", async () => {
    for (const payload of [{}, { nonsense: 1 }, "not json"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/settings/discord-webhook",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, String(payload)).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthorized" });
    }
  });

  it("marks signed-in JSON answers no-store and sends no HSTS over plain http", async () => {
    const seller = await signIn(t.app, "NoStoreSeller", { tier: "pro", setupCompleted: true });
    for (const url of ["/api/inventory", "/api/listings", "/api/bots/user", "/api/auth/me"]) {
      const res = await t.app.inject({ method: "GET", url, headers: seller.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  describe("a cookie-carrying unsafe request from another origin", () => {
    const keyPrefix = async (headers: { cookie: string }) =>
      (await t.app.inject({ method: "GET", url: "/api/api-integration", headers })).json().keyPrefix;
    const rotate = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/settings/refresh-api-key", headers });

    it.each([
      ["another site's Origin", { origin: "http://evil.example" }],
      ["another port of the same host (same site)", { origin: "http://localhost:6205" }],
      ["an opaque Origin (sandboxed frame, file:)", { origin: "null" }],
      ["an opaque Origin from another site", { origin: "null", "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site same-site without Origin", { "sec-fetch-site": "same-site" }],
      ["Sec-Fetch-Site cross-site without Origin", { "sec-fetch-site": "cross-site" }],
      ["another site's Referer without Origin", { referer: "http://evil.example/page" }],
    ])("is refused with 403 and changes nothing: %s", async (_, from) => {
      const { seller } = await apiSeller(t.app);
      const before = await keyPrefix(seller.headers);
      const res = await rotate({ ...seller.headers, ...from });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/Cross-site request refused/);
      expect(await keyPrefix(seller.headers)).toBe(before);
      const logout = await t.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { ...seller.headers, ...from },
      });
      expect(logout.statusCode).toBe(403);
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: seller.headers });
      expect(me.statusCode).toBe(200);
    });

    it("passes from the app's own origin, as addressed (127.0.0.1, the dev server), or from no browser", async () => {
      const { seller } = await apiSeller(t.app);
      const own = new URL(t.app.ctx.config.publicUrl).origin;
      const sources: Record<string, string>[] = [
        { origin: own },
        { host: "127.0.0.1:5173", origin: "http://127.0.0.1:5173" },
        { "sec-fetch-site": "same-origin" },
        // A form posted from one of our pages whose referrer policy is no-referrer (the sandbox's).
        { origin: "null", "sec-fetch-site": "same-origin" },
        { referer: `${own}/settings` },
        {},
      ];
      for (const from of sources) {
        const before = await keyPrefix(seller.headers);
        const res = await rotate({ ...seller.headers, ...from });
        expect(res.statusCode, JSON.stringify(from)).toBe(200);
        expect(await keyPrefix(seller.headers)).not.toBe(before);
      }
    });

    it("is no concern of routes a key, a signature or nothing authenticates (no cookie)", async () => {
      const evil = { origin: "http://evil.example" };
      const { key } = await apiSeller(t.app);
      const apiCall = await t.app.inject({
        method: "POST",
        url: "/api/v1/create-order",
        headers: { ...bearer(key), ...evil },
        payload: { items: [] },
      });
      expect(apiCall.statusCode).toBe(400);
      const botCall = await t.app.inject({
        method: "POST",
        url: "/api/bot/heartbeat",
        headers: { ...bearer("not-a-bot-key"), ...evil },
        payload: {},
      });
      expect(botCall.statusCode).toBe(401);
      const webhook = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/shopify/orders",
        headers: { ...evil, "content-type": "application/json", "x-shopify-hmac-sha256": "forged" },
        payload: "{}",
      });
      expect(webhook.statusCode).toBe(401);
      const claim = await t.app.inject({
        method: "POST",
        url: "/api/orders/claim-api",
        headers: { host: "claim.example.com", origin: "https://claim.example.com" },
        payload: { authKey: "no-such-key", robloxUsername: "Someone" },
        remoteAddress: uniqueIp(),
      });
      expect(claim.statusCode).toBe(404);
    });
  });

  it("answers 415 to a body that is not JSON, on routes with and without a body schema", async () => {
    const { seller } = await apiSeller(t.app);
    for (const [url, contentType] of [
      ["/api/settings/refresh-api-key", "text/plain"],
      ["/api/auth/logout", "text/plain"],
      ["/api/settings/api-integration", "text/plain"],
      ["/api/settings/api-integration", "application/x-www-form-urlencoded"],
      ["/api/settings/api-integration", "multipart/form-data; boundary=x"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...seller.headers, "content-type": contentType },
        payload: "enabled=true",
      });
      expect(res.statusCode, `${url} ${contentType}`).toBe(415);
      expect(res.json().error).toMatch(/send JSON/);
    }
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: seller.headers });
    expect(me.statusCode).toBe(200);
  });

  it("answers a sandbox store route named with something that is not a store domain with a 400 page", async () => {
    for (const [method, url] of [
      ["GET", "/__sandbox/shopify/%F0%9F%98%80/admin"],
      ["GET", "/__sandbox/shopify/%F0%9F%98%80/store"],
      ["GET", "/__sandbox/shopify/a%0d%0aX:1/admin"],
      ["POST", "/__sandbox/shopify/not-a-shop/revoke-tokens"],
      ["POST", "/__sandbox/shopify/..%2Fx.myshopify.com/orders"],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers.location, url).toBeUndefined();
    }
  });
});
