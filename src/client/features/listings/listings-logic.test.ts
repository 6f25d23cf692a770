import type { Game } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { describe, expect, it } from "vitest";
import { listing } from "@/test/fixtures";
import {
  filterListings,
  linkableItems,
  linkedQuantities,
  parseStock,
  shopifyProductUrl,
  validateAddStock,
  validateDeductStock,
  validateLink,
} from "./listings-logic";

function entry(itemId: string, quantity: number, game: Game = "mm2"): InventoryEntry {
  return {
    id: itemId,
    itemId,
    quantity,
    item: { publicName: `Name ${itemId}`, codeName: itemId, game, imageUrl: "" },
  };
}

describe("available after linking", () => {
  it("counts the units linked to active listings only", () => {
    const linked = linkedQuantities([
      listing("1", [
        ["a", 2],
        ["b", 1],
      ]),
      listing("2", [["a", 3]]),
      listing("3", [["a", 50]], { isActive: false }),
    ]);
    expect(Object.fromEntries(linked)).toEqual({ a: 5, b: 1 });
  });

  it("subtracts linked units from the (merged) inventory, never below 0", () => {
    const items = linkableItems(
      [entry("a", 4), entry("b", 1), entry("a", 3), entry("c", 2)],
      [
        listing("1", [
          ["a", 5],
          ["b", 4],
        ]),
      ],
    );
    expect(items.map((i) => [i.entry.itemId, i.entry.quantity, i.available])).toEqual([
      ["a", 7, 2],
      ["b", 1, 0],
      ["c", 2, 2],
    ]);
  });
});

describe("parseStock", () => {
  it("keeps a whole number of at least 1 and falls back to 1 otherwise", () => {
    expect(parseStock("10")).toBe(10);
    expect(parseStock(" 3 ")).toBe(3);
    for (const bad of ["", "0", "-5", "2.5", "abc", "1e2"]) expect(parseStock(bad)).toBe(1);
  });

  it("caps at the largest stock the server accepts", () => {
    expect(parseStock("99999999")).toBe(1_000_000);
  });
});

describe("validateLink", () => {
  const items = linkableItems(
    [entry("a", 5), entry("b", 2), entry("egg", 3, "bubblegumsimulator")],
    [listing("1", [["a", 3]])],
  );
  const base = { productId: "1", variantId: "2" };

  it("needs a product variant and at least one item", () => {
    const text = "Please select a Shopify listing and add items to link";
    expect(validateLink({ ...base, selection: {} }, items)).toBe(text);
    expect(validateLink({ productId: "1", variantId: "", selection: { a: "1" } }, items)).toBe(text);
    expect(validateLink({ productId: "", variantId: "", selection: { a: "1" } }, items)).toBe(text);
  });

  it("refuses items of two games", () => {
    expect(validateLink({ ...base, selection: { a: "1", egg: "1" } }, items)).toBe(
      "Cannot mix items from different games",
    );
  });

  it("keeps each quantity within what is not linked yet", () => {
    expect(validateLink({ ...base, selection: { a: "3" } }, items)).toBe(
      "Not enough Name a in inventory (available: 2)",
    );
    expect(validateLink({ ...base, selection: { a: "0" } }, items)).toBe(
      "Quantity for Name a must be between 1 and 2",
    );
    expect(validateLink({ ...base, selection: { a: "2", b: "2" } }, items)).toBeNull();
  });
});

describe("stock changes", () => {
  it("adds a whole number above 0", () => {
    expect(validateAddStock("5")).toEqual({ amount: 5 });
    for (const bad of ["0", "", "-1", "1.5", "x"]) {
      expect(validateAddStock(bad)).toEqual({ error: "Please enter a valid stock amount greater than 0" });
    }
  });

  it("deducts between 1 and the current stock", () => {
    expect(validateDeductStock("4", 4)).toEqual({ amount: 4 });
    expect(validateDeductStock("5", 4)).toEqual({ error: "Please enter a valid amount between 1 and 4" });
    expect(validateDeductStock("0", 4)).toEqual({ error: "Please enter a valid amount between 1 and 4" });
  });
});

describe("filterListings", () => {
  const rows = [
    listing("1", [["knife", 1]]),
    listing("2", [["egg", 1]], { game: "bubblegumsimulator", title: "Egg Bundle" }),
  ];

  it("matches the title or an item's name and filters by game", () => {
    expect(filterListings(rows, "bundle", "all").map((l) => l.id)).toEqual(["2"]);
    expect(filterListings(rows, "name knife", "all").map((l) => l.id)).toEqual(["1"]);
    expect(filterListings(rows, "", "bubblegumsimulator").map((l) => l.id)).toEqual(["2"]);
    expect(filterListings(rows, "knife", "growagarden")).toEqual([]);
  });
});

describe("shopifyProductUrl", () => {
  it("prefers the server's admin URL", () => {
    expect(
      shopifyProductUrl(
        { shopifyAdminUrl: "http://x/admin/products/1", shopifyProductId: "1" },
        "a.myshopify.com",
      ),
    ).toBe("http://x/admin/products/1");
  });

  it("otherwise opens the store admin by numeric product id", () => {
    expect(
      shopifyProductUrl(
        { shopifyAdminUrl: null, shopifyProductId: "gid://shopify/Product/42" },
        "a.myshopify.com",
      ),
    ).toBe("https://a.myshopify.com/admin/products/42");
    expect(shopifyProductUrl({ shopifyAdminUrl: null, shopifyProductId: "42" }, null)).toBeNull();
  });
});
