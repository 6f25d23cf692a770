import { compileErrors, validate } from "@readme/openapi-parser";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_ERROR_CODES } from "../../src/contract/api.js";
import { BOT_API_ENDPOINTS } from "../../src/contract/bot-api-reference.js";
import { ORDER_STATUSES } from "../../src/contract/orders.js";
import { buildApp } from "../../src/server/app.js";
import { testConfig } from "../../src/server/config.js";
import { missing } from "../../src/server/db/rows.js";
import { apiIdempotencyKeys, gameSettings, orders, users } from "../../src/server/db/schema/index.js";
import { BOT_TAG } from "../../src/server/modules/api-v1/openapi.js";
import { forgetExpiredIdempotencyKeys } from "../../src/server/modules/api-v1/orders.js";
import { hashToken } from "../../src/server/modules/auth/index.js";
import { apiSeller, bearer } from "./api-fixtures.js";
import { balanceOf, createItem, grant, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn, uniqueIp } from "./helpers.js";

describe.each(DRIVERS)("public API v1 on %s", (driver) => {
  const t = useTestApp(driver);

  const createOrder = (key: string, items: object[], extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/create-order",
      headers: { ...bearer(key), ...extra },
      payload: { items },
    });

  it("turns on only for Basic or Pro, shows the key once and stores only its hash", async () => {
    const free = await signIn(t.app, uniqueName("Free"), { tier: "free" });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: free.headers,
      payload: { enabled: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/Basic or Pro/);

    const { seller, key } = await apiSeller(t.app);
    expect(key).toMatch(/^ad_test_[A-Za-z0-9_-]{32}$/);
    const [row = missing("row")] = await t.app.ctx.db.select().from(users).where(eq(users.id, seller.userId));
    expect(row.apiKeyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const state = await t.app.inject({ method: "GET", url: "/api/api-integration", headers: seller.headers });
    expect(state.json()).toMatchObject({ enabled: true, allowed: true, keyPrefix: key.slice(0, 14) });
    expect(state.body).not.toContain(key);
  });

  it("answers every code of spec 001 §8 as {error, code}", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const other = await createItem(t.app, "bubblegumsimulator");
    await grant(t.app, seller.userId, other.id, 1);
    const expectError = (
      res: { statusCode: number; json: () => unknown },
      code: keyof typeof API_ERROR_CODES,
    ) => {
      expect(res.statusCode).toBe(API_ERROR_CODES[code]);
      expect(res.json()).toEqual({ error: expect.any(String), code });
    };
    const get = (url: string, headers: Record<string, string> = bearer(key)) =>
      t.app.inject({ method: "GET", url, headers });

    // Without a valid key there is no key to count for: no RateLimit-* headers (docs/api.md, decision 022).
    for (const [headers, code] of [
      [{}, "missing_api_key"],
      [bearer("ad_test_nope"), "invalid_api_key"],
    ] as const) {
      const res = await get("/api/v1/get-inventory", headers);
      expectError(res, code);
      expect(res.headers["ratelimit-limit"]).toBeUndefined();
    }
    expectError(await createOrder(key, []), "invalid_request");
    expectError(await createOrder(key, [{ codeName: item.codeName, quantity: 0 }]), "invalid_request");
    expectError(await createOrder(key, [{ codeName: "no-such-item", quantity: 1 }]), "unknown_item");
    expectError(
      await createOrder(key, [
        { codeName: item.codeName, quantity: 1 },
        { codeName: other.codeName, quantity: 1 },
      ]),
      "game_rules_violation",
    );
    expectError(
      await createOrder(key, [{ codeName: item.codeName, quantity: 11 }]),
      "insufficient_inventory",
    );
    expectError(await get("/api/v1/check-status/unknown-key"), "not_found");
    expectError(await get("/api/v1/no-such-route"), "not_found");
    expectError(await get("/api/v1/orders?cursor=bogus"), "invalid_request");
    const botRoute = await get("/api/admin/orders/pending");
    expectError(botRoute, "admin_required");

    const first = await createOrder(key, [{ codeName: item.codeName, quantity: 1 }], {
      "idempotency-key": "k1",
    });
    expect(first.statusCode).toBe(201);
    expectError(
      await createOrder(key, [{ codeName: item.codeName, quantity: 2 }], { "idempotency-key": "k1" }),
      "idempotency_key_reused",
    );

    await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: seller.headers,
      payload: { enabled: false },
    });
    const disabled = await get("/api/v1/get-inventory");
    expectError(disabled, "api_integration_disabled");
    expect(disabled.headers["ratelimit-limit"]).toBe("600");
    await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: seller.headers,
      payload: { enabled: true },
    });
    expect((await get("/api/v1/get-inventory")).statusCode).toBe(200);
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, seller.userId));
    expectError(await get("/api/v1/get-inventory"), "subscription_required");
  });

  it("checks create-order's key before its body, as every API route: its 401 and 403 first, a bad body counts a write", async () => {
    const { seller, key } = await apiSeller(t.app);
    const unreadable = (apiKey: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/create-order",
        headers: { ...bearer(apiKey), "content-type": "application/json" },
        payload: "{nope",
      });
    for (const res of [await unreadable("ad_test_nope"), await createOrder("ad_test_nope", [])]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: "invalid_api_key" });
      expect(res.headers["ratelimit-limit"]).toBeUndefined();
    }
    const answers = [await unreadable(key), await createOrder(key, [])];
    expect(answers.map((a) => [a.statusCode, a.json().code, a.headers["ratelimit-remaining"]])).toEqual([
      [400, "invalid_request", "119"],
      [400, "invalid_request", "118"],
    ]);
    await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: seller.headers,
      payload: { enabled: false },
    });
    const disabled = [await unreadable(key), await createOrder(key, [])];
    expect(disabled.map((a) => [a.statusCode, a.json().code, a.headers["ratelimit-remaining"]])).toEqual([
      [403, "api_integration_disabled", "117"],
      [403, "api_integration_disabled", "116"],
    ]);
  });

  it("applies the game's maximum of different items", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const second = await createItem(t.app, "mm2");
    await grant(t.app, seller.userId, second.id, 1);
    await t.app.ctx.db
      .insert(gameSettings)
      .values({ game: "mm2", maxUniqueItems: 1 })
      .onConflictDoUpdate({ target: gameSettings.game, set: { maxUniqueItems: 1 } });
    try {
      const res = await createOrder(key, [
        { codeName: item.codeName, quantity: 1 },
        { codeName: second.codeName, quantity: 1 },
      ]);
      expect(res.json()).toEqual({
        error: "An order for Murder Mystery 2 can include at most 1 different item",
        code: "game_rules_violation",
      });
    } finally {
      await t.app.ctx.db
        .update(gameSettings)
        .set({ maxUniqueItems: null })
        .where(eq(gameSettings.game, "mm2"));
    }
  });

  it("creates an order that reserves stock, is claimable by its authKey and shows in status and the list", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const inventory = await t.app.inject({
      method: "GET",
      url: "/api/v1/get-inventory",
      headers: bearer(key),
    });
    expect(inventory.json().inventory).toEqual([
      {
        gameId: "mm2",
        codeName: item.codeName,
        displayName: item.publicName,
        imageUrl: item.imageUrl,
        quantity: 10,
      },
    ]);
    expect(inventory.headers["ratelimit-limit"]).toBe("600");
    expect(Number(inventory.headers["ratelimit-remaining"])).toBeLessThan(600);
    expect(Number(inventory.headers["ratelimit-reset"])).toBeGreaterThan(0);

    const created = await createOrder(key, [{ codeName: item.codeName, quantity: 3 }]);
    expect(created.statusCode).toBe(201);
    expect(created.headers["ratelimit-limit"]).toBe("120");
    const order = created.json();
    expect(order).toMatchObject({
      status: "unclaimed",
      game: "mm2",
      items: [{ codeName: item.codeName, quantity: 3 }],
      claimUrl: `${t.app.ctx.config.publicUrl}/claim/${order.authKey}`,
    });
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 7, reserved: 3 });

    const claim = await t.app.inject({
      method: "GET",
      url: `/api/orders/claim-api/${order.authKey}`,
      remoteAddress: uniqueIp(),
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ id: order.id, status: "unclaimed" });

    const buyer = uniqueName("Buyer");
    await ensureRobloxUser(t.app, buyer);
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/orders/claim-api",
      payload: { authKey: order.authKey, robloxUsername: buyer },
      remoteAddress: uniqueIp(),
    });
    expect(locked.statusCode).toBe(200);
    const status = await t.app.inject({
      method: "GET",
      url: `/api/v1/check-status/${order.authKey}`,
      headers: bearer(key),
    });
    expect(status.json()).toEqual({
      authKey: order.authKey,
      status: "unclaimed",
      claimedAt: expect.any(String),
      robloxUsername: buyer,
    });

    const second = (await createOrder(key, [{ codeName: item.codeName, quantity: 1 }])).json();
    const page1 = (
      await t.app.inject({ method: "GET", url: "/api/v1/orders?limit=1", headers: bearer(key) })
    ).json();
    expect(page1.orders.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const page2 = (
      await t.app.inject({
        method: "GET",
        url: `/api/v1/orders?limit=1&cursor=${page1.nextCursor}`,
        headers: bearer(key),
      })
    ).json();
    expect(page2).toEqual({ orders: [expect.objectContaining({ id: order.id })], nextCursor: null });

    const page = await t.app.inject({ method: "GET", url: "/api/api-integration", headers: seller.headers });
    expect(page.json().orders.map((o: { id: string }) => o.id)).toEqual([second.id, order.id]);
  });

  it("cancels an unclaimed order through the API, giving its items back, and refuses a delivered one", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const cancel = (authKey: string, apiKey = key) =>
      t.app.inject({ method: "POST", url: `/api/v1/cancel-order/${authKey}`, headers: bearer(apiKey) });
    const order = (await createOrder(key, [{ codeName: item.codeName, quantity: 4 }])).json();
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 6, reserved: 4 });

    const stranger = await apiSeller(t.app);
    expect((await cancel(order.authKey, stranger.key)).statusCode).toBe(404);
    const first = await cancel(order.authKey);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ authKey: order.authKey, status: "cancelled" });
    expect((await cancel(order.authKey)).json()).toMatchObject({ status: "cancelled" });
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 10, reserved: 0 });
    const claim = await t.app.inject({
      method: "GET",
      url: `/api/orders/claim-api/${order.authKey}`,
      remoteAddress: uniqueIp(),
    });
    expect(claim.json()).toMatchObject({ status: "cancelled" });

    const delivered = (await createOrder(key, [{ codeName: item.codeName, quantity: 1 }])).json();
    await t.app.ctx.db.update(orders).set({ status: "completed" }).where(eq(orders.id, delivered.id));
    const refused = await cancel(delivered.authKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: expect.any(String), code: "order_not_cancellable" });

    // A buyer who locked their name has claimed the order, though it is still "unclaimed" until the bot acts.
    const claimed = (await createOrder(key, [{ codeName: item.codeName, quantity: 2 }])).json();
    const buyer = uniqueName("Buyer");
    await ensureRobloxUser(t.app, buyer);
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/orders/claim-api",
      payload: { authKey: claimed.authKey, robloxUsername: buyer },
      remoteAddress: uniqueIp(),
    });
    expect(locked.statusCode).toBe(200);
    const lockedRefused = await cancel(claimed.authKey);
    expect(lockedRefused.statusCode).toBe(409);
    expect(lockedRefused.json()).toEqual({ error: expect.any(String), code: "order_not_cancellable" });
    const [row = missing("row")] = await t.app.ctx.db.select().from(orders).where(eq(orders.id, claimed.id));
    expect(row.status).toBe("unclaimed");
    // The Orders page follows the same rule.
    const fromPage = await t.app.inject({
      method: "POST",
      url: `/api/orders/${claimed.id}/cancel`,
      headers: seller.headers,
    });
    expect(fromPage.statusCode).toBe(409);
  });

  it("serves the spec's GET /api/orders to an API key (the key owner's API orders) and to the seller's session", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const first = (await createOrder(key, [{ codeName: item.codeName, quantity: 1 }])).json();
    const second = (await createOrder(key, [{ codeName: item.codeName, quantity: 2 }])).json();
    await apiSeller(t.app).then((other) => other.createOrder());

    const keyed = await t.app.inject({ method: "GET", url: "/api/orders?limit=1", headers: bearer(key) });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers["ratelimit-limit"]).toBeDefined();
    const page1 = keyed.json();
    expect(page1.orders.map((o: { id: string }) => o.id)).toEqual([second.id]);
    const page2 = (
      await t.app.inject({
        method: "GET",
        url: `/api/orders?limit=1&cursor=${encodeURIComponent(page1.nextCursor)}`,
        headers: bearer(key),
      })
    ).json();
    expect(page2.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const v1 = await t.app.inject({ method: "GET", url: "/api/v1/orders?limit=1", headers: bearer(key) });
    expect(v1.json()).toEqual(page1);

    const wrong = await t.app.inject({ method: "GET", url: "/api/orders", headers: bearer("ad_test_nope") });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: expect.any(String), code: "invalid_api_key" });

    // The seller's session route is unchanged: the Orders page's list, by cookie.
    const session = await t.app.inject({ method: "GET", url: "/api/orders", headers: seller.headers });
    expect(session.statusCode).toBe(200);
    expect(session.json().map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect((await t.app.inject({ method: "GET", url: "/api/orders" })).statusCode).toBe(401);
  });

  it("refreshing the key revokes the old one at once", async () => {
    const { seller, key } = await apiSeller(t.app);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/settings/refresh-api-key",
      headers: seller.headers,
    });
    const fresh = refreshed.json().apiKey;
    expect(fresh).not.toBe(key);
    const old = await t.app.inject({ method: "GET", url: "/api/v1/get-inventory", headers: bearer(key) });
    expect(old.statusCode).toBe(401);
    const now = await t.app.inject({ method: "GET", url: "/api/v1/get-inventory", headers: bearer(fresh) });
    expect(now.statusCode).toBe(200);
  });

  it("20 concurrent retries with one Idempotency-Key create one order and all get it", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        createOrder(key, [{ codeName: item.codeName, quantity: 2 }], { "idempotency-key": "retry-me" }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    const rows = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 8, reserved: 2 });
  });

  it("answers a retry with the first order even when the order could not be made again now", async () => {
    const { seller, key, item } = await apiSeller(t.app);
    const all = [{ codeName: item.codeName, quantity: 10 }];
    const first = await createOrder(key, all, { "idempotency-key": "sold-out" });
    expect(first.statusCode).toBe(201);

    // The first order took every unit, so the same body made afresh would be insufficient_inventory.
    const retry = await createOrder(key, all, { "idempotency-key": "sold-out" });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());

    // Nor does a game rule tightened since the first order (stock is left, so only the rule would refuse it).
    const [a = missing("a"), b = missing("b")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    await grant(t.app, seller.userId, a.id, 2);
    await grant(t.app, seller.userId, b.id, 2);
    const both = [
      { codeName: a.codeName, quantity: 1 },
      { codeName: b.codeName, quantity: 1 },
    ];
    const two = await createOrder(key, both, { "idempotency-key": "two-items" });
    expect(two.statusCode).toBe(201);
    await t.app.ctx.db
      .insert(gameSettings)
      .values({ game: "mm2", maxUniqueItems: 1 })
      .onConflictDoUpdate({ target: gameSettings.game, set: { maxUniqueItems: 1 } });
    try {
      const replay = await createOrder(key, both, { "idempotency-key": "two-items" });
      expect(replay.statusCode).toBe(201);
      expect(replay.json().id).toBe(two.json().id);
    } finally {
      await t.app.ctx.db
        .update(gameSettings)
        .set({ maxUniqueItems: null })
        .where(eq(gameSettings.game, "mm2"));
    }

    // A used key with another body is a 422, whatever else is wrong with that body.
    for (const broken of [
      [{ codeName: item.codeName, quantity: 11 }],
      [{ codeName: "no-such-item", quantity: 1 }],
    ]) {
      const reused = await createOrder(key, broken, { "idempotency-key": "sold-out" });
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ code: "idempotency_key_reused" });
    }

    // A refused request keeps no key: the corrected retry with it makes the order.
    const tooMany = await createOrder(key, [{ codeName: a.codeName, quantity: 5 }], {
      "idempotency-key": "fix-me",
    });
    expect(tooMany.json()).toMatchObject({ code: "insufficient_inventory" });
    const corrected = await createOrder(key, [{ codeName: a.codeName, quantity: 1 }], {
      "idempotency-key": "fix-me",
    });
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers["idempotent-replayed"]).toBeUndefined();
    expect(await t.app.ctx.db.select().from(orders).where(eq(orders.userId, seller.userId))).toHaveLength(3);
  });

  it("forgets an Idempotency-Key after 24 hours: the key then makes a new order", async () => {
    const { key, item } = await apiSeller(t.app);
    const first = (
      await createOrder(key, [{ codeName: item.codeName, quantity: 1 }], { "idempotency-key": "day" })
    ).json();
    await t.app.ctx.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(apiIdempotencyKeys.key, "day"));
    const later = await createOrder(key, [{ codeName: item.codeName, quantity: 2 }], {
      "idempotency-key": "day",
    });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.id);
    await t.app.ctx.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(apiIdempotencyKeys.key, "day"));
    expect(await forgetExpiredIdempotencyKeys(t.app.ctx)).toBeGreaterThanOrEqual(1);
  });

  it("publishes an OpenAPI 3.1 document listing every public route with its auth and errors", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.description).toContain(
      "Every answer to a request with a valid key carries `RateLimit-Limit`",
    );
    // Against the OpenAPI 3.1 schema, plus the rules it cannot express (path parameters declared, unique ids…).
    const validation = await validate(res.json());
    expect(validation.valid ? "" : compileErrors(validation)).toBe("");
    expect(validation.warnings).toEqual([]);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ scheme: "bearer" }));
    expect(doc.components.schemas.Error.required).toEqual(["error", "code"]);
    // Every status an answer can carry, cancel-order's "cancelled" included.
    for (const schema of ["Order", "OrderStatus"])
      expect(doc.components.schemas[schema].properties.status.enum, schema).toEqual([...ORDER_STATUSES]);

    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .map((line) => /^[├└]── (\/api\/v1\/\S+) \(([A-Z, ]+)\)/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .flatMap(([, path = missing("path"), methods = missing("methods")]) =>
        methods
          .split(", ")
          .filter((m) => m !== "HEAD")
          .map((m) => `${m.toLowerCase()} ${path.replace(/:(\w+)/g, "{$1}")}`),
      );
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`),
    );
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const route of routes) expect(documented).toContain(route);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const op of Object.values(ops)) {
        expect(op.security, path).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(["401", "403"]));
      }
    }
    // The spec's bot routes as the admin's API Documentation tab shows them, and no other bot route.
    const specBotRoutes = BOT_API_ENDPOINTS.filter((e) => e.inSpecApi);
    expect(specBotRoutes).toHaveLength(4);
    for (const e of specBotRoutes) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toMatchObject({ summary: e.summary, tags: [BOT_TAG] });
      expect(op.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
        ...[...e.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => `path ${name}`),
        ...(e.query ?? []).map((name) => `query ${name}`),
      ]);
      for (const [status] of e.errors ?? []) expect(op.responses).toHaveProperty(String(status));
      // Its errors say their code, as the public API's do (401 is the Bot API's own error schema).
      expect(op.responses["401"].content["application/json"].schema.required).toEqual(["error", "code"]);
      expect(JSON.stringify(op)).toContain(JSON.stringify(e.response).slice(1, -1));
    }
    const botPaths = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops).flatMap(([m, op]) => (op.tags.includes(BOT_TAG) ? [`${m} ${path}`] : [])),
    );
    expect(botPaths.sort()).toEqual(specBotRoutes.map((e) => `${e.method.toLowerCase()} ${e.path}`).sort());

    const create = doc.paths["/api/v1/create-order"].post;
    expect(create.requestBody.content["application/json"].schema).toBeDefined();
    expect(create.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "idempotency-key", in: "header" })]),
    );
  });
});

interface Operation {
  security: unknown;
  responses: Record<string, unknown>;
}

describe.each(DRIVERS.filter((d) => d === "postgres"))("public API v1 under load on %s", (driver) => {
  const t = useTestApp(driver);

  it("200 concurrent create-orders on 10 units sell exactly 10", async () => {
    const { seller, item, createOrder } = await apiSeller(t.app, { tier: "pro" });
    const answers = await Promise.all(Array.from({ length: 200 }, () => createOrder()));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c !== 201).every((c) => c === 400 || c === 429)).toBe(true);
    expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 10 });
  });

  it("two instances' batches never oversell a seller's units nor create an Idempotency-Key's order twice", async () => {
    const second = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), {
      startJobs: false,
    });
    try {
      const stock = await apiSeller(t.app, { tier: "pro", units: 10 });
      const order = (app: typeof t.app, key: string, headers = {}) =>
        app.inject({
          method: "POST",
          url: "/api/v1/create-order",
          headers: { ...bearer(key), ...headers },
          payload: { items: [{ codeName: stock.item.codeName, quantity: 1 }] },
        });
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => order(i % 2 ? second : t.app, stock.key)),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
      expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 400)).toBe(true);
      expect(await balanceOf(t.app, stock.seller.userId, stock.item.id)).toEqual({
        available: 0,
        reserved: 10,
      });

      const retried = await apiSeller(t.app, { tier: "pro", units: 10 });
      const retries = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? second : t.app).inject({
            method: "POST",
            url: "/api/v1/create-order",
            headers: { ...bearer(retried.key), "idempotency-key": "one-order" },
            payload: { items: [{ codeName: retried.item.codeName, quantity: 1 }] },
          }),
        ),
      );
      expect(retries.map((r) => r.statusCode)).toEqual(retries.map(() => 201));
      expect(new Set(retries.map((r) => r.json().id)).size).toBe(1);
      const stored = await t.app.ctx.db.select().from(orders).where(eq(orders.userId, retried.seller.userId));
      expect(stored).toHaveLength(1);
      expect(await balanceOf(t.app, retried.seller.userId, retried.item.id)).toEqual({
        available: 9,
        reserved: 1,
      });
    } finally {
      await second.close();
    }
  });

  it("takes one key's writes in the batches of two instances exactly: 120 of 130 racing orders pass", async () => {
    const second = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), {
      startJobs: false,
    });
    try {
      const { seller, key, item } = await apiSeller(t.app, { tier: "pro", units: 200 });
      const answers = await Promise.all(
        Array.from({ length: 130 }, (_, i) =>
          (i % 2 ? second : t.app).inject({
            method: "POST",
            url: "/api/v1/create-order",
            headers: bearer(key),
            payload: { items: [{ codeName: item.codeName, quantity: 1 }] },
          }),
        ),
      );
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created).toHaveLength(120);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
      // Each write that passed saw its own place in the window.
      expect(new Set(created.map((a) => a.headers["ratelimit-remaining"])).size).toBe(120);
      expect(answers.every((a) => a.headers["ratelimit-limit"] === "120")).toBe(true);
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 80, reserved: 120 });
    } finally {
      await second.close();
    }
  });

  it("counts one key's writes across two instances on one database and answers 429 with the headers", async () => {
    const second = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), {
      startJobs: false,
    });
    try {
      const { key } = await apiSeller(t.app);
      const write = (app: typeof t.app) =>
        app.inject({
          method: "POST",
          url: "/api/v1/create-order",
          headers: bearer(key),
          payload: { items: [] },
        });
      for (let i = 0; i < 120; i++) expect((await write(i % 2 ? second : t.app)).statusCode).toBe(400);
      const limited = await write(second);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: "Rate limit exceeded", code: "rate_limited" });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.headers["ratelimit-limit"]).toBe("120");
      expect(limited.headers["ratelimit-remaining"]).toBe("0");
      // Reads have their own allowance.
      const read = await t.app.inject({
        method: "GET",
        url: "/api/v1/get-inventory",
        headers: bearer(key),
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
