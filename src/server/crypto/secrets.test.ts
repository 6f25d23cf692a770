import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secrets.js";

describe("sealed secrets", () => {
  it("round-trips and never stores the plaintext", () => {
    const sealed = encryptSecret("s".repeat(40), "shopify-token", "shpat_abc123");
    expect(sealed).not.toContain("shpat_abc123");
    expect(decryptSecret("s".repeat(40), "shopify-token", sealed)).toBe("shpat_abc123");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptSecret("k".repeat(40), "p", "x")).not.toBe(encryptSecret("k".repeat(40), "p", "x"));
  });

  it("refuses another secret, another purpose or a tampered value", () => {
    const sealed = encryptSecret("a".repeat(40), "shopify-token", "token");
    expect(() => decryptSecret("b".repeat(40), "shopify-token", sealed)).toThrow();
    expect(() => decryptSecret("a".repeat(40), "other", sealed)).toThrow();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret("a".repeat(40), "shopify-token", parts.join("."))).toThrow();
  });
});
