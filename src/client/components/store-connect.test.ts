import { describe, expect, it } from "vitest";
import { storeInstallTarget } from "./store-connect";

describe("storeInstallTarget", () => {
  it("requires a domain", () => {
    expect(storeInstallTarget("   ", "setup")).toEqual({ error: "Please enter your store domain" });
  });

  it("appends .myshopify.com when missing and keeps it when present", () => {
    expect(storeInstallTarget("My-Store", "setup")).toEqual({
      url: "/api/shopify/install?shop=my-store.myshopify.com&purpose=setup",
    });
    expect(storeInstallTarget(" my-store.myshopify.com ", "reinstall")).toEqual({
      url: "/api/shopify/install?shop=my-store.myshopify.com&purpose=reinstall",
    });
  });

  it("refuses what cannot be a store name", () => {
    expect(storeInstallTarget("my store!", "setup").error).toBe(
      "Please enter a valid store domain (your-store.myshopify.com)",
    );
  });
});
