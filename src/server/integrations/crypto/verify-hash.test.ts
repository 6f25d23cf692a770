import { describe, expect, it } from "vitest";
import { NODE_SDK_CALLBACK, NODE_SDK_SECRET } from "../../../../tests/fixtures/plisio/node-sdk-callback.js";
import { hasValidVerifyHash } from "./verify-hash.js";

/**
 * The body as JSON arrives (keys in the order sent, expire_utc a number), and its verify_hash as Plisio's Python
 * SDK computes it (plisio_client.validate_callback: hmac.new(key, json.dumps(body without verify_hash,
 * separators=(',', ':')), sha1)), run with Python 3 on this exact text; the documentation's JSON.stringify gives it too.
 */
const DOCUMENTED_SECRET = "sandbox-plisio-secret-key";
const DOCUMENTED_BODY =
  '{"txn_id":"5ee0e502283675293c450d0e","ipn_type":"invoice","merchant":"Test shop","merchant_id":"5d09fcd84f1e66138d706ed8","amount":"0.00083317","pending_amount":"0.00000000","currency":"BTC","order_number":"100200300400500","order_name":"Autodrop Pro plan, 90 days","confirmations":"1","status":"completed","source_currency":"USD","source_amount":"49.99","source_rate":"0.00001667","comment":"","expire_utc":1900000000,"tx_urls":"[\\"https://blockstream.info/tx/ab\\"]","verify_hash":"46ae6af3cdf8e19f034caf9ce68b5f553f4b807c"}';

describe("Plisio's verify_hash", () => {
  it("accepts the Node client's published vector (sorted keys, values as strings)", () => {
    expect(hasValidVerifyHash(NODE_SDK_CALLBACK, NODE_SDK_SECRET)).toBe(true);
    // The same fields in another order still give the same sorted text.
    const reversed = Object.fromEntries(Object.entries(NODE_SDK_CALLBACK).reverse());
    expect(hasValidVerifyHash(reversed, NODE_SDK_SECRET)).toBe(true);
  });

  it("accepts the documented form: JSON.stringify of the body as received, a number left a number", () => {
    const body = JSON.parse(DOCUMENTED_BODY) as Record<string, unknown>;
    expect(hasValidVerifyHash(body, DOCUMENTED_SECRET)).toBe(true);
    // Reordered keys or the number sent as text are another text: not what Plisio signed.
    expect(hasValidVerifyHash(Object.fromEntries(Object.entries(body).reverse()), DOCUMENTED_SECRET)).toBe(
      false,
    );
    expect(hasValidVerifyHash({ ...body, expire_utc: "1900000000" }, DOCUMENTED_SECRET)).toBe(false);
  });

  it("refuses a changed field, another key, a missing or malformed hash", () => {
    const body = JSON.parse(DOCUMENTED_BODY) as Record<string, unknown>;
    expect(hasValidVerifyHash({ ...body, amount: "1" }, DOCUMENTED_SECRET)).toBe(false);
    expect(hasValidVerifyHash({ ...NODE_SDK_CALLBACK, amount: "1" }, NODE_SDK_SECRET)).toBe(false);
    expect(hasValidVerifyHash(body, "another-secret")).toBe(false);
    const { verify_hash: _, ...unsigned } = NODE_SDK_CALLBACK;
    expect(hasValidVerifyHash(unsigned, NODE_SDK_SECRET)).toBe(false);
    expect(hasValidVerifyHash({ ...NODE_SDK_CALLBACK, verify_hash: "zz" }, NODE_SDK_SECRET)).toBe(false);
    expect(hasValidVerifyHash([NODE_SDK_CALLBACK], NODE_SDK_SECRET)).toBe(false);
    expect(hasValidVerifyHash(null, NODE_SDK_SECRET)).toBe(false);
  });
});
