import { describe, expect, it } from "vitest";
import { newAuthKey } from "./create.js";

describe("newAuthKey", () => {
  it("gives 192-bit base64url keys, all different, across several refills of its pool", () => {
    const keys = Array.from({ length: 1000 }, () => newAuthKey());
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The pool holds 256 keys: a pool reused instead of refilled would repeat them.
    expect(new Set(keys).size).toBe(keys.length);
  });
});
