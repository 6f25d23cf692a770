import { describe, expect, it } from "vitest";
import { parseClaimAccess } from "./claim-address.js";

const ORDER = "0b6c3a52-94f4-4a55-9d39-8f5f5f0e4a11";

describe("parseClaimAccess", () => {
  it("reads /claim/{orderId}/{email} with an encoded e-mail", () => {
    expect(parseClaimAccess(`/claim/${ORDER}/buyer%40example.com`, "")).toEqual({
      kind: "email",
      orderId: ORDER,
      email: "buyer@example.com",
    });
  });

  it("keeps Shopify's order id from the checkout's claim button as the exact string", () => {
    const access = parseClaimAccess("/claim/9007199254740993/buyer%40example.com", "");
    expect(access).toEqual({ kind: "email", orderId: "9007199254740993", email: "buyer@example.com" });
  });

  it("reads /claim/{authKey}", () => {
    expect(parseClaimAccess("/claim/ak_123", "")).toEqual({ kind: "authKey", authKey: "ak_123" });
  });

  it("reads the query parameters orderId and email, or authKey", () => {
    expect(parseClaimAccess("/", `?orderId=${ORDER}&email=a%40b.co`)).toEqual({
      kind: "email",
      orderId: ORDER,
      email: "a@b.co",
    });
    expect(parseClaimAccess("/", "?authKey=xyz")).toEqual({ kind: "authKey", authKey: "xyz" });
  });

  it("needs both orderId and email, and ignores anything else", () => {
    expect(parseClaimAccess("/", `?orderId=${ORDER}`)).toBeNull();
    expect(parseClaimAccess("/", "?email=a%40b.co")).toBeNull();
    expect(parseClaimAccess("/claim", "")).toBeNull();
    expect(parseClaimAccess("/claim/a/b/c", "")).toBeNull();
    expect(parseClaimAccess("/claim/%E0%A4%A", "")).toBeNull();
    expect(parseClaimAccess("/dashboard", "?shopify_linked=true")).toBeNull();
  });
});
