import type { Game } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { describe, expect, it } from "vitest";
import {
  countdownStart,
  filterInventory,
  formatCountdown,
  groupByGame,
  validateWithdrawal,
} from "./inventory-logic";

function entry(itemId: string, quantity: number, game: Game = "mm2", publicName = itemId): InventoryEntry {
  return {
    id: `row-${itemId}-${quantity}`,
    itemId,
    quantity,
    item: { publicName, codeName: `${itemId}_code`, game, imageUrl: `/img/${itemId}.png` },
  };
}

describe("filterInventory", () => {
  const rows = [
    entry("knife", 1, "mm2", "Chroma Knife"),
    entry("egg", 1, "bubblegumsimulator", "Rainbow Egg"),
  ];

  it("matches public or code name, case-insensitively, after trimming", () => {
    expect(filterInventory(rows, "  chroma ", "all").map((e) => e.itemId)).toEqual(["knife"]);
    expect(filterInventory(rows, "EGG_CODE", "all").map((e) => e.itemId)).toEqual(["egg"]);
  });

  it("filters by game and combines with the search", () => {
    expect(filterInventory(rows, "", "bubblegumsimulator").map((e) => e.itemId)).toEqual(["egg"]);
    expect(filterInventory(rows, "knife", "bubblegumsimulator")).toEqual([]);
    expect(filterInventory(rows, "", "all")).toHaveLength(2);
  });
});

describe("groupByGame", () => {
  it("groups in the games' order and leaves out empty games", () => {
    const groups = groupByGame([
      entry("x", 1, "growagarden"),
      entry("y", 1, "bubblegumsimulator"),
      entry("z", 1, "growagarden"),
    ]);
    expect(groups.map((g) => [g.game, g.entries.map((e) => e.itemId)])).toEqual([
      ["bubblegumsimulator", ["y"]],
      ["growagarden", ["x", "z"]],
    ]);
  });
});

describe("validateWithdrawal", () => {
  const rows = [
    entry("knife", 3, "mm2", "Chroma Knife"),
    entry("gun", 1, "mm2", "Luger"),
    entry("egg", 4, "bubblegumsimulator"),
  ];

  it("needs at least one item", () => {
    expect(validateWithdrawal({}, "Buyer", rows)).toBe("Please select at least one item");
  });

  it("refuses items of different games before looking at the username", () => {
    expect(validateWithdrawal({ knife: "1", egg: "1" }, "", rows)).toBe(
      "Cannot mix items from different games",
    );
  });

  it("needs a username that is not blank", () => {
    expect(validateWithdrawal({ knife: "1" }, "   ", rows)).toBe("Please enter your ROBLOX username");
  });

  it("keeps each quantity between 1 and the available amount", () => {
    expect(validateWithdrawal({ knife: "4" }, "Buyer", rows)).toBe(
      "Quantity for Chroma Knife must be between 1 and 3",
    );
    expect(validateWithdrawal({ knife: "0" }, "Buyer", rows)).toBe(
      "Quantity for Chroma Knife must be between 1 and 3",
    );
    expect(validateWithdrawal({ knife: "" }, "Buyer", rows)).toBe(
      "Quantity for Chroma Knife must be between 1 and 3",
    );
    expect(validateWithdrawal({ knife: "3", gun: "1" }, "Buyer", rows)).toBeNull();
  });
});

describe("bot countdown", () => {
  const now = Date.parse("2025-01-01T12:00:00Z");

  it("starts at 300 seconds without an online window", () => {
    expect(countdownStart(null, now)).toBe(300);
    expect(countdownStart("not a date", now)).toBe(300);
  });

  it("follows the online window, never above 300 or below 0", () => {
    expect(countdownStart("2025-01-01T12:02:00.500Z", now)).toBe(121);
    expect(countdownStart("2025-01-01T13:00:00Z", now)).toBe(300);
    expect(countdownStart("2025-01-01T11:59:00Z", now)).toBe(0);
  });

  it("formats minutes and seconds", () => {
    expect(formatCountdown(300)).toBe("5:00");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(-4)).toBe("0:00");
  });
});
