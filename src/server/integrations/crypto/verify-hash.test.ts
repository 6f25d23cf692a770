import { describe, expect, it } from "vitest";
import { hasValidVerifyHash, plisioVerifyHash } from "./verify-hash.js";

const SECRET = "sandbox-plisio-secret-key";
/** A completed callback, and its verify_hash as Python's hmac over json.dumps(sorted fields) computes it. */
const CALLBACK = {
  txn_id: "5ee0e502283675293c450d0e",
  status: "completed",
  amount: "0.00083317",
  pending_amount: "0.00000000",
  currency: "BTC",
  order_number: "100200300400500",
  order_name: "Autodrop Pro, 90 days",
  source_amount: "49.99",
  source_currency: "USD",
  source_rate: "60000.00000000",
  ipn_type: "invoice",
  psys_cid: "BTC",
  comment: "",
  tx_urls: '["https://example.org/tx/1"]',
  expire_utc: 1900000000,
};
const KNOWN_HASH = "539675c8360926e2c66d8ed66533c5b65920f2a4";

describe("Plisio's verify_hash", () => {
  it("matches a vector computed independently (sorted keys, values as strings, HMAC-SHA1 hex)", () => {
    expect(plisioVerifyHash(CALLBACK, SECRET)).toBe(KNOWN_HASH);
    expect(plisioVerifyHash({ ...CALLBACK, expire_utc: "1900000000", verify_hash: "x" }, SECRET)).toBe(
      KNOWN_HASH,
    );
  });

  it("accepts the signed callback in any key order, and refuses a changed field, another key or no hash", () => {
    const reversed = Object.fromEntries(Object.entries({ ...CALLBACK, verify_hash: KNOWN_HASH }).reverse());
    expect(hasValidVerifyHash(reversed, SECRET)).toBe(true);
    expect(hasValidVerifyHash({ ...CALLBACK, verify_hash: KNOWN_HASH.toUpperCase() }, SECRET)).toBe(true);
    expect(hasValidVerifyHash({ ...CALLBACK, amount: "1", verify_hash: KNOWN_HASH }, SECRET)).toBe(false);
    expect(hasValidVerifyHash({ ...CALLBACK, verify_hash: KNOWN_HASH }, "another-secret")).toBe(false);
    expect(hasValidVerifyHash(CALLBACK, SECRET)).toBe(false);
    expect(hasValidVerifyHash({ ...CALLBACK, verify_hash: "zz" }, SECRET)).toBe(false);
    expect(hasValidVerifyHash([CALLBACK], SECRET)).toBe(false);
    expect(hasValidVerifyHash(null, SECRET)).toBe(false);
  });
});
