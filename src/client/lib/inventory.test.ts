import type { InventoryEntry } from "@contract/inventory";
import { describe, expect, it } from "vitest";
import { mergeInventory } from "./inventory";

function entry(itemId: string, quantity: number): InventoryEntry {
  return {
    id: `row-${itemId}-${quantity}`,
    itemId,
    quantity,
    item: { publicName: itemId, codeName: `${itemId}_code`, game: "mm2", imageUrl: `/img/${itemId}.png` },
  };
}

describe("mergeInventory", () => {
  it("sums rows with the same itemId and keeps the first row's details and order", () => {
    const merged = mergeInventory([entry("a", 2), entry("b", 1), entry("a", 5)]);
    expect(merged.map((e) => [e.itemId, e.quantity])).toEqual([
      ["a", 7],
      ["b", 1],
    ]);
    expect(merged[0]?.id).toBe("row-a-2");
  });

  it("does not change its input", () => {
    const rows = [entry("a", 2), entry("a", 3)];
    mergeInventory(rows);
    expect(rows[0]?.quantity).toBe(2);
  });
});
