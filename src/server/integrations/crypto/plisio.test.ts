import { describe, expect, it } from "vitest";
import { NODE_SDK_CALLBACK, NODE_SDK_SECRET } from "../../../../tests/fixtures/plisio/node-sdk-callback.js";
import type { HttpFetch } from "../fetch.js";
import { PlisioClient } from "./plisio.js";

const SECRET = NODE_SDK_SECRET;

/** A Plisio that answers operations/{id} with this data. */
const answering =
  (data: Record<string, unknown>): HttpFetch =>
  async () =>
    new Response(JSON.stringify({ status: "success", data }));

/** An invoice's operation, its fields named as in Plisio's transactions documentation and SDKs. */
const operation = (fields: Record<string, unknown>) => ({
  user_id: 1,
  shop_id: "607sdw35f4ee4a2b7t",
  type: "invoice",
  id: "61b19fd3f609ba61f4282547",
  currency: "BTC",
  params: { order_number: "21120906", amount: "0.01000000" },
  sum: "0.01000000",
  tx_url: ["https://blockstream.info/tx/aa"],
  expire_at_utc: 1900000000,
  ...fields,
});

describe("Plisio read as documented", () => {
  it("reads pending_sum as the unconfirmed amount and actual_sum as what arrived", async () => {
    const seen = await new PlisioClient(
      answering(operation({ status: "pending", pending_sum: "0.01000000", actual_sum: "0" })),
      "https://plisio.example/api/v1",
      SECRET,
    ).getInvoice("61b19fd3f609ba61f4282547");
    expect(seen).toMatchObject({ state: "confirming", amount: "0.01000000", received: "0.00000000" });

    const paid = await new PlisioClient(
      answering(operation({ status: "completed", pending_sum: "0.00000000", actual_sum: "0.01000000" })),
      "https://plisio.example/api/v1",
      SECRET,
    ).getInvoice("61b19fd3f609ba61f4282547");
    expect(paid).toMatchObject({
      state: "paid",
      received: "0.01000000",
      orderNumber: "21120906",
      currency: "BTC",
      txUrls: ["https://blockstream.info/tx/aa"],
      expiresAt: new Date(1_900_000_000_000),
    });
  });

  it("believes the Node client's published callback and, lacking pending_amount, asks Plisio about it", () => {
    const client = new PlisioClient(answering({}), "https://plisio.example/api/v1", SECRET);
    expect(client.verifyCallback(NODE_SDK_CALLBACK)).toEqual({
      signed: true,
      update: null,
      askAbout: "61b19fd3f609ba61f4282547",
    });
  });
});
