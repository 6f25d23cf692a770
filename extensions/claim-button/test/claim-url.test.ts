import { describe, expect, it } from "vitest";
import { parseClaimAccess } from "../../../src/contract/claim-address.js";
import { claimPageBase, claimUrl } from "../src/claim-url.js";

describe("claim page address", () => {
  it("accepts an https address and drops the trailing slash", () => {
    expect(claimPageBase(" https://Claim.Example.com/ ")).toBe("https://claim.example.com");
    expect(claimPageBase("https://shop.example.com/autodrop/")).toBe("https://shop.example.com/autodrop");
  });

  it("refuses anything a buyer's e-mail should not be sent to or that is not an address", () => {
    for (const setting of [
      undefined,
      "",
      true,
      "claim.example.com",
      "http://claim.example.com",
      "https://user:secret@claim.example.com",
      "https://claim.example.com/?ref=1",
      "https://claim.example.com/#top",
    ]) {
      expect(claimPageBase(setting)).toBeNull();
    }
  });
});

describe("claim link", () => {
  it("builds {base}/claim/{orderId}/{email} from either page's order gid or the bare id", () => {
    expect(
      claimUrl(
        "https://claim.example.com",
        "gid://shopify/OrderIdentity/9007199254740993",
        "a+b@example.com",
      ),
    ).toBe("https://claim.example.com/claim/9007199254740993/a%2Bb%40example.com");
    expect(claimUrl("https://claim.example.com/", "gid://shopify/Order/42", " buyer@example.com ")).toBe(
      "https://claim.example.com/claim/42/buyer%40example.com",
    );
    expect(claimUrl("http://localhost:5000", "42", "buyer@example.com")).toBe(
      "http://localhost:5000/claim/42/buyer%40example.com",
    );
  });

  it("is what the claim page reads back as the order id and the e-mail", () => {
    const url = claimUrl("https://claim.example.com", "gid://shopify/Order/42", "o'neil+roblox@example.com");
    expect(parseClaimAccess(new URL(url ?? "").pathname, "")).toEqual({
      kind: "email",
      orderId: "42",
      email: "o'neil+roblox@example.com",
    });
  });

  it("is null without an order id or an e-mail", () => {
    expect(claimUrl("https://claim.example.com", "gid://shopify/Product/1", "a@b.co")).toBeNull();
    expect(claimUrl("https://claim.example.com", undefined, "a@b.co")).toBeNull();
    expect(claimUrl("https://claim.example.com", "gid://shopify/Order/1", "  ")).toBeNull();
    expect(claimUrl("https://claim.example.com", "gid://shopify/Order/1", undefined)).toBeNull();
  });
});
