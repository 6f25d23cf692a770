import { describe, expect, it } from "vitest";
import { hasClaimParams, isClaimHost, showsClaimAtRoot } from "./claim-host";

describe("claim host", () => {
  it("recognises the claim host and local hosts by hostname", () => {
    expect(isClaimHost("claim.autodrop.gg")).toBe(true);
    expect(isClaimHost("CLAIM.example.com")).toBe(true);
    expect(isClaimHost("localhost")).toBe(true);
    expect(isClaimHost("127.0.0.1")).toBe(true);
    expect(isClaimHost("autodrop.gg")).toBe(false);
    expect(isClaimHost("myclaim.example.com")).toBe(false);
  });

  it("finds claim references in the path or the query", () => {
    expect(hasClaimParams("/claim/12/a@b.c", "")).toBe(true);
    expect(hasClaimParams("/", "?authKey=abc")).toBe(true);
    expect(hasClaimParams("/", "?orderId=1&email=a%40b.c")).toBe(true);
    expect(hasClaimParams("/", "?error=oauth_failed")).toBe(false);
    expect(hasClaimParams("/claimed", "")).toBe(false);
  });

  it("shows the claim page at / on the claim host, and on localhost only with a claim reference", () => {
    expect(showsClaimAtRoot("claim.autodrop.gg", "")).toBe(true);
    expect(showsClaimAtRoot("localhost", "")).toBe(false);
    expect(showsClaimAtRoot("localhost", "?authKey=abc")).toBe(true);
    expect(showsClaimAtRoot("127.0.0.1", "?orderId=5&email=x%40y.z")).toBe(true);
    expect(showsClaimAtRoot("autodrop.gg", "?authKey=abc")).toBe(false);
  });
});
