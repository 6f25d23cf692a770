import { describe, expect, it } from "vitest";
import { type GameRules, listingRuleViolation, orderRuleViolation } from "./game-rules.js";

const rules: GameRules = { game: "mm2", maxUniqueItems: 2, maxItemsPerListing: 5 };
const line = (item: string, quantity: number, game: "mm2" | "growagarden" = "mm2") => ({
  game,
  item,
  quantity,
});

describe("game rules", () => {
  it("lets listings bundle up to maxItemsPerListing units of one game", () => {
    expect(listingRuleViolation([line("a", 2), line("b", 3)], rules)).toBeNull();
    expect(listingRuleViolation([line("a", 2), line("b", 4)], rules)).toBe(
      "A Murder Mystery 2 listing can include at most 5 items",
    );
    expect(listingRuleViolation([line("a", 600)], { ...rules, maxItemsPerListing: null })).toBeNull();
    expect(listingRuleViolation([line("a", 600)], null)).toBeNull();
  });

  it("lets orders hold up to maxUniqueItems distinct items of one game", () => {
    expect(orderRuleViolation([line("a", 9), line("b", 9), line("a", 1)], rules)).toBeNull();
    expect(orderRuleViolation([line("a", 1), line("b", 1), line("c", 1)], rules)).toBe(
      "An order for Murder Mystery 2 can include at most 2 different items",
    );
    expect(orderRuleViolation([line("a", 1)], { ...rules, maxUniqueItems: 1 })).toBeNull();
    expect(orderRuleViolation([line("a", 1), line("b", 1)], { ...rules, maxUniqueItems: 1 })).toBe(
      "An order for Murder Mystery 2 can include at most 1 different item",
    );
  });

  it("never mixes games, whatever the limits", () => {
    const mixed = [line("a", 1), line("b", 1, "growagarden")];
    expect(orderRuleViolation(mixed, null)).toBe("Cannot mix items from different games");
    expect(listingRuleViolation(mixed, null)).toBe("Cannot mix items from different games");
  });
});
