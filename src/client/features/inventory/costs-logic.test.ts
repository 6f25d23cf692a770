import { describe, expect, it } from "vitest";
import { changedCosts, costText } from "./costs-logic";

const saved = [
  { itemId: "a", unitCost: "1.50" },
  { itemId: "b", unitCost: "0.25" },
];

describe("changedCosts", () => {
  it("sends only the fields that changed, as dollars with two decimals, empty as none", () => {
    expect(changedCosts(saved, { a: "1.5", b: "", c: "$2", d: "" })).toEqual({
      costs: [
        { itemId: "b", unitCost: null },
        { itemId: "c", unitCost: "2.00" },
      ],
    });
    expect(changedCosts(saved, { a: "1.50" })).toEqual({ costs: [] });
  });

  it("names the first field that is not an amount", () => {
    expect(changedCosts(saved, { a: "1", b: "-1" })).toEqual({ invalid: "b" });
    expect(changedCosts(saved, { a: "1.234" })).toEqual({ invalid: "a" });
    expect(changedCosts(undefined, { a: "ten" })).toEqual({ invalid: "a" });
  });

  it("shows a saved cost, or nothing", () => {
    expect(costText(saved, "a")).toBe("1.50");
    expect(costText(saved, "z")).toBe("");
    expect(costText(undefined, "a")).toBe("");
  });
});
