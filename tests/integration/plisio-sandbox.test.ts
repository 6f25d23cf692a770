import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/server/clock.js";
import { testConfig } from "../../src/server/config.js";
import { CryptoProviderError, createCryptoProvider } from "../../src/server/integrations/crypto/index.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { NOW } from "./payments-fixtures.js";

describe.each(DRIVERS)("the Plisio emulator (%s)", (driver) => {
  const t = useTestApp(driver, { clock: fixedClock(NOW) });
  const newInvoice = (params: Record<string, string>) =>
    t.app.inject({
      method: "GET",
      url: `/__sandbox/plisio/api/v1/invoices/new?${new URLSearchParams({
        api_key: t.app.ctx.config.cryptoProviderApiKey,
        order_name: "Test",
        order_number: "1001",
        currency: "BTC",
        source_currency: "USD",
        source_amount: "49.99",
        ...params,
      })}`,
    });

  it("answers invoices/new in white-label form, at the sandbox rate", async () => {
    const res = await newInvoice({ order_number: "2001", expire_min: "30" });
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json();
    expect(status).toBe("success");
    expect(data).toMatchObject({
      amount: "0.00083317",
      pending_amount: "0.00083317",
      currency: "BTC",
      source_currency: "USD",
      expected_confirmations: "1",
      expire_utc: Math.floor(NOW / 1000) + 30 * 60,
    });
    expect(data.txn_id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.wallet_hash).toMatch(/^bc1q/);
    expect(data.invoice_url).toBe(`${t.app.ctx.config.publicUrl}/__sandbox/plisio/invoice/${data.txn_id}`);
    expect(data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.verify_hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it("refuses a wrong api_key, a reused order number and bad fields in Plisio's error shape", async () => {
    const badKey = await newInvoice({ api_key: "wrong" });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json()).toEqual({
      status: "error",
      data: { name: "Unauthorized", message: "Invalid api_key", code: 401 },
    });
    expect((await newInvoice({ order_number: "3001" })).statusCode).toBe(200);
    const reused = await newInvoice({ order_number: "3001" });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().data.message).toMatch(/order_number/);
    expect((await newInvoice({ order_number: "3002", currency: "DOGE" })).json().status).toBe("error");
    expect((await newInvoice({ order_number: "3003", source_amount: "-1" })).statusCode).toBe(422);
    expect((await newInvoice({ order_number: "3004", source_currency: "EUR" })).statusCode).toBe(422);
    expect((await newInvoice({ order_number: "3005", expire_min: "0" })).statusCode).toBe(422);
  });

  it("is spoken to by the Plisio client as the real service would be (only the base URL differs)", async () => {
    const provider = t.app.ctx.providers.crypto;
    const created = await provider.createInvoice({
      orderNumber: "4001",
      orderName: "Autodrop Pro plan, 30 days",
      currency: "LTC",
      sourceAmount: "19.99",
      callbackUrl: "http://127.0.0.1:9/nowhere?json=true",
      expireMinutes: 60,
      email: null,
    });
    expect(created).toMatchObject({ state: "open", amount: "0.24987500", pendingAmount: "0.24987500" });
    expect(created.expiresAt).toEqual(new Date(NOW + 3_600_000));
    expect(await provider.getInvoice(created.txnId)).toMatchObject({
      txnId: created.txnId,
      orderNumber: "4001",
      state: "open",
    });
    expect(await provider.getInvoice("ffffffffffffffffffffffff")).toBeNull();
  });

  it("retries a callback the app does not accept, and gives it up after its attempts", async () => {
    const res = await newInvoice({
      order_number: "5001",
      callback_url: `${t.app.ctx.config.publicUrl}/api/plisio/nowhere?json=true`,
    });
    const { txn_id: txnId } = res.json().data;
    const acted = await t.app.inject({
      method: "POST",
      url: `/__sandbox/plisio/invoices/${txnId}/actions`,
      payload: { type: "pay", kind: "full" },
    });
    expect(acted.json().callback).toMatchObject({ attempts: 1, lastStatus: 404, deliveredAt: null });
    expect(acted.json().callback.nextAttemptAt).toBe(new Date(NOW + 60_000).toISOString());
    for (let i = 0; i < 12; i++)
      await t.app.inject({ method: "POST", url: "/__sandbox/plisio/callbacks/deliver" });
    const { callbacks } = (await t.app.inject({ method: "GET", url: "/__sandbox/plisio/callbacks" })).json();
    const mine = callbacks.filter((c: { txnId: string }) => c.txnId === txnId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ attempts: 10, nextAttemptAt: null, deliveredAt: null });
  });

  it("refuses actions that do not apply, with the reason", async () => {
    const { txn_id: txnId } = (await newInvoice({ order_number: "6001" })).json().data;
    const act = (payload: object) =>
      t.app.inject({ method: "POST", url: `/__sandbox/plisio/invoices/${txnId}/actions`, payload });
    expect((await act({ type: "confirm" })).statusCode).toBe(409);
    expect((await act({ type: "payAmount", amount: "abc" })).statusCode).toBe(409);
    expect((await act({ type: "expire" })).statusCode).toBe(200);
    const late = await act({ type: "pay", kind: "full" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/expired/);
  });
});

describe("the Plisio client", () => {
  it("turns Plisio's error answer into a provider error, and never puts the key in its message", async () => {
    const provider = createCryptoProvider({
      config: testConfig({ cryptoProviderApiKey: "top-secret-key" }),
      fetch: async () =>
        new Response(
          JSON.stringify({ status: "error", data: { name: "Error", message: "Bad currency", code: 422 } }),
          {
            status: 422,
          },
        ),
      log: { warn: () => {} } as never,
    });
    const err = await provider
      .createInvoice({
        orderNumber: "1",
        orderName: "x",
        currency: "BTC",
        sourceAmount: "1.00",
        callbackUrl: "https://x.test/cb?json=true",
        expireMinutes: 60,
        email: null,
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CryptoProviderError);
    expect(err.status).toBe(422);
    expect(err.message).toContain("Bad currency");
    expect(err.message).not.toContain("top-secret-key");
  });
});
