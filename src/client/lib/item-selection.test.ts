import { describe, expect, it } from "vitest";
import { parseWholeNumber, selectionLines, toggleItem } from "./item-selection";

describe("item selection", () => {
  it("reads whole numbers only", () => {
    expect(parseWholeNumber(" 3 ")).toBe(3);
    expect(parseWholeNumber("0")).toBe(0);
    for (const bad of ["", "1.5", "-1", "abc", "1e3"]) expect(parseWholeNumber(bad)).toBeNull();
  });

  it("picks an item at quantity 1 and drops it again", () => {
    const picked = toggleItem({ a: "4" }, "b", true);
    expect(picked).toEqual({ a: "4", b: "1" });
    expect(toggleItem(picked, "a", false)).toEqual({ b: "1" });
  });

  it("builds the request lines", () => {
    expect(selectionLines({ knife: "3", gun: " 1" })).toEqual([
      { itemId: "knife", quantity: 3 },
      { itemId: "gun", quantity: 1 },
    ]);
  });
});
