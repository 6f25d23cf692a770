import { describe, expect, it } from "vitest";
import { claimUrl } from "./claim-url.js";

describe("claim button link", () => {
  it("builds {base}/claim/{orderId}/{email} from either page's order gid", () => {
    expect(
      claimUrl(
        "https://claim.example.com/",
        "gid://shopify/OrderIdentity/9007199254740993",
        "a+b@example.com",
      ),
    ).toBe("https://claim.example.com/claim/9007199254740993/a%2Bb%40example.com");
    expect(claimUrl("https://claim.example.com", "gid://shopify/Order/42", " buyer@example.com ")).toBe(
      "https://claim.example.com/claim/42/buyer%40example.com",
    );
  });

  it("shows nothing without a secure base, an order or an e-mail", () => {
    expect(claimUrl(undefined, "gid://shopify/Order/1", "a@b.co")).toBeNull();
    expect(claimUrl("http://claim.example.com", "gid://shopify/Order/1", "a@b.co")).toBeNull();
    expect(claimUrl("https://claim.example.com", "gid://shopify/Product/1", "a@b.co")).toBeNull();
    expect(claimUrl("https://claim.example.com", undefined, "a@b.co")).toBeNull();
    expect(claimUrl("https://claim.example.com", "gid://shopify/Order/1", "  ")).toBeNull();
  });
});
