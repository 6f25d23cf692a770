import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/server/clock.js";
import { NODE_SDK_CALLBACK } from "../fixtures/plisio/node-sdk-callback.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";
import { NOW, proFor90Days, sandboxAction } from "./payments-fixtures.js";

/**
 * Plisio's published samples, the reference the emulator is held to (field names and JSON types):
 * - a JSON callback: the sample in Plisio's Node client's test (github.com/Plisio/nodejs-api-client,
 *   test/ResponseValidator.test.ts), every value a string;
 * - an operation: the invoice and cash-in entries of the success example in Plisio's transactions documentation
 *   (plisio.net/documentation/endpoints/transactions): user_id a number, tx_url a list, amounts as strings;
 * - an error: `{status: "error", data: {name, message, code}}` (plisio-api-php's Interaction, plisio-python's client).
 */
const PUBLISHED_OPERATION = {
  user_id: 1,
  shop_id: "607sdw35f4ee4a2b7t",
  type: "invoice",
  status: "completed",
  pending_sum: "0.00000000",
  psys_cid: "BTC",
  currency: "BTC",
  source_currency: "USD",
  source_rate: "0.00010216",
  fee: null,
  wallet_hash: "0x0000000000",
  sendmany: null,
  params: { value: "0.00225754", currency: "BTC" },
  expire_at_utc: null,
  created_at_utc: 1563529570,
  amount: "0.00225754",
  tx_url: ["https://etherscan.io/tx/0x0000000000"],
  id: "1000000",
};

/** The JSON type of every field, as a shape to compare (null fields may be anything). */
const shapeOf = (sample: Record<string, unknown>, of: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(sample)
      .filter((key) => sample[key] !== null)
      .map((key) => [key, Array.isArray(of[key]) ? "array" : of[key] === null ? "null" : typeof of[key]]),
  );

describe.each(DRIVERS)("the Plisio emulator against Plisio's published samples (%s)", (driver) => {
  const t = useTestApp(driver, { clock: fixedClock(NOW) });

  it("posts callbacks with the published fields and types, signed as the documentation says", async () => {
    const seller = await signIn(t.app, "SampleCallback");
    const created = await proFor90Days(t.app, seller);
    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "full" });
    const { callbacks } = (await t.app.inject({ method: "GET", url: "/__sandbox/plisio/callbacks" })).json();
    const sent = callbacks.find((c: { txnId: string }) => c.txnId === created.txnId);
    const body = JSON.parse(sent.payload) as Record<string, unknown>;
    expect(shapeOf(NODE_SDK_CALLBACK, body)).toEqual(shapeOf(NODE_SDK_CALLBACK, NODE_SDK_CALLBACK));
    const { verify_hash: hash, ...signed } = body;
    const key = t.app.ctx.config.cryptoProviderApiKey;
    expect(hash).toBe(createHmac("sha1", key).update(JSON.stringify(signed)).digest("hex"));
  });

  it("answers operations/{id} with the published fields and types: pending_sum unconfirmed, actual_sum received", async () => {
    const seller = await signIn(t.app, "SampleOperation");
    const created = await proFor90Days(t.app, seller);
    const operation = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/__sandbox/plisio/api/v1/operations/${created.txnId}?api_key=${t.app.ctx.config.cryptoProviderApiKey}`,
        })
      ).json().data as Record<string, unknown>;
    const before = await operation();
    expect(shapeOf(PUBLISHED_OPERATION, before)).toEqual(shapeOf(PUBLISHED_OPERATION, PUBLISHED_OPERATION));
    await sandboxAction(t.app, created.txnId, { type: "pay", kind: "full" });
    expect(await operation()).toMatchObject({ pending_sum: created.amount, actual_sum: "0.00000000" });
    await sandboxAction(t.app, created.txnId, { type: "confirm" });
    expect(await operation()).toMatchObject({
      status: "completed",
      pending_sum: "0.00000000",
      actual_sum: created.amount,
      sum: created.amount,
    });
  });

  it("answers what it does not emulate with Plisio's error envelope, never a page", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/__sandbox/plisio/api/v1/balances/BTC?api_key=${t.app.ctx.config.cryptoProviderApiKey}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: "error", data: { name: "Not Found", code: 404 } });
    expect(typeof res.json().data.message).toBe("string");
  });
});
