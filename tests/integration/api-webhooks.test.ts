import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TEXTS, WEBHOOK_TEST_EVENTS_PER_MINUTE } from "../../src/contract/api.js";
import type { App } from "../../src/server/app.js";
import { missing } from "../../src/server/db/rows.js";
import { orders, users, webhookDeliveries } from "../../src/server/db/schema/index.js";
import type { WebhookProvider } from "../../src/server/integrations/webhooks/index.js";
import { deliverWebhook } from "../../src/server/modules/api-v1/webhooks.js";
import { completeOrder } from "../../src/server/modules/orders/index.js";
import { apiSeller, bearer } from "./api-fixtures.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn, uniqueIp } from "./helpers.js";

type Verify = (secret: string, headers: Record<string, string>, rawBody: string, nowMs?: number) => boolean;

/** The verification snippet exactly as docs/api.md shows it to integrators. */
async function documentedVerifier(): Promise<Verify> {
  const doc = fs.readFileSync(path.join(import.meta.dirname, "../../docs/api.md"), "utf8");
  const code = /```js verify-webhook\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/api.md has no verify-webhook snippet");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "verify-")), "verify.mjs");
  fs.writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).verifyAutodropWebhook;
}

/** A seller with the API on (api-fixtures) and the page's webhook route. */
async function hookSeller(app: App) {
  const seller = await apiSeller(app);
  const saveWebhook = (url: string) =>
    app.inject({
      method: "PUT",
      url: "/api/api-integration/webhook",
      headers: seller.seller.headers,
      payload: { url },
    });
  return { ...seller, saveWebhook };
}

interface Receipt {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function receipts(app: App): Promise<Receipt[]> {
  return (await app.inject({ method: "GET", url: "/__sandbox/webhooks/receipts.json" })).json();
}

async function waitForReceipt(app: App, match: (r: Receipt) => boolean): Promise<Receipt> {
  for (let i = 0; i < 200; i++) {
    const found = (await receipts(app)).find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("no such webhook delivery arrived");
}

describe.each(DRIVERS)("outgoing webhooks on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });

  it("refuses endpoints that are not public HTTPS hosts", async () => {
    const { saveWebhook, seller } = await hookSeller(t.app);
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://10.0.0.5/hook",
      "https://192.168.1.10/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://user:secret@127.0.0.1/hook",
      "not a url",
    ]) {
      const res = await saveWebhook(url);
      expect(res.statusCode, url).toBe(400);
    }
    const state = await t.app.inject({ method: "GET", url: "/api/api-integration", headers: seller.headers });
    expect(state.json().webhook).toBeNull();
  });

  it("takes the sandbox receiver's exact address only, never a path that leaves it", async () => {
    const { saveWebhook } = await hookSeller(t.app);
    const receiver = `${t.app.ctx.config.publicUrl}/__sandbox/webhooks`;
    for (const url of [
      `${receiver}/../shopify/demo-store.myshopify.com/revoke-tokens`,
      `${receiver}/%2e%2e/shopify/demo-store.myshopify.com/revoke-tokens`,
      `${receiver}/.%2E/.%2E/api/auth/logout`,
      `${receiver}/a/../../roblox/users/1/edit`,
      `${receiver}/receiver?x=../../shopify`,
      `${receiver}/`,
    ]) {
      const res = await saveWebhook(url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await saveWebhook(`${receiver}/receiver`)).statusCode).toBe(200);
  });

  it("signs each event so the documented check accepts it and refuses a tampered body or an old timestamp", async () => {
    const verify = await documentedVerifier();
    const { saveWebhook, createOrder, seller } = await hookSeller(t.app);
    const receiverName = uniqueName("rcv");
    const saved = await saveWebhook(`${t.app.ctx.config.publicUrl}/__sandbox/webhooks/${receiverName}`);
    expect(saved.statusCode).toBe(200);
    const { secret } = saved.json();
    expect(secret).toMatch(/^whsec_/);

    const order = (await createOrder()).json();
    const created = await waitForReceipt(
      t.app,
      (r) => r.path === receiverName && r.body.includes("order.created"),
    );
    const timestamp = Number(created.headers["autodrop-webhook-timestamp"]);
    expect(JSON.parse(created.body)).toMatchObject({
      id: created.headers["autodrop-webhook-id"],
      type: "order.created",
      data: { order: { id: order.id, authKey: order.authKey } },
    });
    expect(verify(secret, created.headers, created.body, timestamp * 1000)).toBe(true);
    expect(
      verify(secret, created.headers, created.body.replace('"quantity":1', '"quantity":9'), timestamp * 1000),
    ).toBe(false);
    expect(verify("whsec_wrong", created.headers, created.body, timestamp * 1000)).toBe(false);
    expect(verify(secret, created.headers, created.body, (timestamp + 301) * 1000)).toBe(false);

    const buyer = uniqueName("Buyer");
    await ensureRobloxUser(t.app, buyer);
    await t.app.inject({
      method: "POST",
      url: "/api/orders/claim-api",
      payload: { authKey: order.authKey, robloxUsername: buyer },
      remoteAddress: uniqueIp(),
    });
    const claimed = await waitForReceipt(
      t.app,
      (r) => r.path === receiverName && r.body.includes("order.claimed"),
    );
    expect(JSON.parse(claimed.body).data.order.robloxUsername).toBe(buyer);

    await t.app.ctx.db.update(orders).set({ status: "pending" }).where(eq(orders.id, order.id));
    await completeOrder(t.app.ctx, order.id);
    await waitForReceipt(t.app, (r) => r.path === receiverName && r.body.includes("order.completed"));

    const test = await t.app.inject({
      method: "POST",
      url: "/api/api-integration/webhook/test",
      headers: seller.headers,
    });
    expect(test.statusCode).toBe(202);
    await waitForReceipt(t.app, (r) => r.path === receiverName && r.body.includes('"type":"test"'));

    const log = (
      await t.app.inject({ method: "GET", url: "/api/api-integration", headers: seller.headers })
    ).json().deliveries;
    expect(log.map((d: { event: string }) => d.event).sort()).toEqual([
      "order.claimed",
      "order.completed",
      "order.created",
      "test",
    ]);
    expect(
      log.every(
        (d: { status: string; lastStatusCode: number }) =>
          d.status === "delivered" && d.lastStatusCode === 204,
      ),
    ).toBe(true);
  });
  it("sends one signed order.failed with the reason when the seller cancels an API order", async () => {
    const verify = await documentedVerifier();
    const { saveWebhook, createOrder, key, seller } = await hookSeller(t.app);
    const receiverName = uniqueName("rcv");
    const { secret } = (
      await saveWebhook(`${t.app.ctx.config.publicUrl}/__sandbox/webhooks/${receiverName}`)
    ).json();
    const order = (await createOrder()).json();
    const cancel = () =>
      t.app.inject({ method: "POST", url: `/api/v1/cancel-order/${order.authKey}`, headers: bearer(key) });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200);

    const failed = await waitForReceipt(
      t.app,
      (r) => r.path === receiverName && r.body.includes("order.failed"),
    );
    expect(JSON.parse(failed.body)).toMatchObject({
      type: "order.failed",
      data: { reason: "cancelled", order: { id: order.id, authKey: order.authKey, status: "cancelled" } },
    });
    const timestamp = Number(failed.headers["autodrop-webhook-timestamp"]);
    expect(verify(secret, failed.headers, failed.body, timestamp * 1000)).toBe(true);
    const failedDeliveries = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.userId, seller.userId), eq(webhookDeliveries.event, "order.failed")));
    expect(failedDeliveries).toHaveLength(1);
    expect(
      (await receipts(t.app)).filter((r) => r.path === receiverName && r.body.includes("order.failed")),
    ).toHaveLength(1);

    // The Orders page's Cancel is the same cancellation: its API order fails the same way.
    const other = (await createOrder()).json();
    const fromPage = await t.app.inject({
      method: "POST",
      url: `/api/orders/${other.id}/cancel`,
      headers: seller.headers,
    });
    expect(fromPage.statusCode, fromPage.body).toBe(200);
    const pageFailed = await waitForReceipt(
      t.app,
      (r) => r.path === receiverName && r.body.includes("order.failed") && r.body.includes(other.id),
    );
    expect(JSON.parse(pageFailed.body).data).toMatchObject({ reason: "cancelled", order: { id: other.id } });
  });
});

describe.each(DRIVERS)("webhook retries on %s", (driver) => {
  const answers: number[] = [];
  const failing: WebhookProvider = {
    refusal: async () => null,
    post: async () => ({ status: answers.shift() ?? 500 }),
  };
  const t = useTestApp(driver, { providers: { webhooks: failing } });

  it("logs a refused attempt and throws so the job retries; a 2xx later delivers it once", async () => {
    const { saveWebhook, createOrder, seller } = await hookSeller(t.app);
    await saveWebhook("https://hooks.example.com/autodrop");
    await createOrder();
    const [delivery = missing("delivery")] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, seller.userId));
    answers.push(503, 200);
    await expect(deliverWebhook(t.app.ctx, delivery.id)).rejects.toThrow(/503/);
    const [afterFailure] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503 });
    await deliverWebhook(t.app.ctx, delivery.id);
    await deliverWebhook(t.app.ctx, delivery.id);
    const [delivered] = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
  });
});

describe.each(DRIVERS)("webhook settings on %s", (driver) => {
  const accepting: WebhookProvider = { refusal: async () => null, post: async () => ({ status: 204 }) };
  const t = useTestApp(driver, { providers: { webhooks: accepting } });
  const URL = "https://hooks.example.com/autodrop";
  const call = (method: "PUT" | "POST" | "DELETE", headers: Record<string, string>) =>
    t.app.inject({
      method,
      url: method === "POST" ? "/api/api-integration/webhook/test" : "/api/api-integration/webhook",
      headers,
      ...(method === "PUT" && { payload: { url: URL } }),
    });

  it("needs what the API needs: a Basic or Pro plan that has not expired and the integration on", async () => {
    const free = await signIn(t.app, uniqueName("Free"), { tier: "free" });
    for (const method of ["PUT", "POST"] as const) {
      const res = await call(method, free.headers);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error).toBe(API_TEXTS.tierRequired);
    }

    const { seller } = await apiSeller(t.app);
    expect((await call("PUT", seller.headers)).statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: seller.headers,
      payload: { enabled: false },
    });
    for (const method of ["PUT", "POST"] as const) {
      const res = await call(method, seller.headers);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().error).toBe(API_TEXTS.webhooksNeedApi);
    }

    await t.app.inject({
      method: "POST",
      url: "/api/settings/api-integration",
      headers: seller.headers,
      payload: { enabled: true },
    });
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, seller.userId));
    expect((await call("POST", seller.headers)).statusCode).toBe(403);
    // Removing the endpoint stops our requests, so it stays possible after the plan ends.
    expect((await call("DELETE", seller.headers)).statusCode).toBe(204);
    const state = await t.app.inject({ method: "GET", url: "/api/api-integration", headers: seller.headers });
    expect(state.json().webhook).toBeNull();
  });

  it(`limits test events to ${WEBHOOK_TEST_EVENTS_PER_MINUTE} a minute per seller, then 429 with Retry-After`, async () => {
    const { seller } = await apiSeller(t.app);
    const other = await apiSeller(t.app);
    for (const s of [seller, other.seller]) expect((await call("PUT", s.headers)).statusCode).toBe(200);
    for (let i = 0; i < WEBHOOK_TEST_EVENTS_PER_MINUTE; i++)
      expect((await call("POST", seller.headers)).statusCode).toBe(202);
    const limited = await call("POST", seller.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual(expect.any(String));
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const queued = await t.app.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.userId, seller.userId), eq(webhookDeliveries.event, "test")));
    expect(queued).toHaveLength(WEBHOOK_TEST_EVENTS_PER_MINUTE);
    // Another seller's allowance is their own.
    expect((await call("POST", other.seller.headers)).statusCode).toBe(202);
  });
});
