import { describe, expect, it } from "vitest";
import { API_TEXTS } from "../../../contract/api.js";
import { GAME_RULE_TEXTS, type GameRules } from "../../../contract/game-rules.js";
import type { Game } from "../../../contract/games.js";
import { type HeldItem, resolveApiOrder } from "./create-order.js";

const held: HeldItem[] = [
  { itemId: "i-knife", codeName: "knife", game: "mm2", displayName: "Knife", available: 3 },
  { itemId: "i-gun", codeName: "gun", game: "mm2", displayName: "Gun", available: 1 },
  { itemId: "i-egg", codeName: "egg", game: "bubblegumsimulator", displayName: "Egg", available: 9 },
  { itemId: "i-seed-a", codeName: "seed", game: "growagarden", displayName: "Seed", available: 1 },
  { itemId: "i-seed-b", codeName: "seed", game: "bubblegumsimulator", displayName: "Seed", available: 1 },
];
const noRules = (_game: Game): GameRules | null => null;
const atMostOne = (game: Game): GameRules => ({ game, maxUniqueItems: 1, maxItemsPerListing: null });
const units = () => new Map(held.map((h) => [h.itemId, h.available]));
const messageOf = (r: ReturnType<typeof resolveApiOrder>) => ("error" in r ? r.error.message : null);

describe("resolveApiOrder", () => {
  it("adds up repeated code names and takes the units from what is left", () => {
    const left = units();
    const order = resolveApiOrder(
      {
        items: [
          { codeName: "knife", quantity: 1 },
          { codeName: "knife", quantity: 1 },
        ],
      },
      held,
      noRules,
      left,
    );
    expect(order).toEqual({
      game: "mm2",
      lines: [{ itemId: "i-knife", codeName: "knife", displayName: "Knife", quantity: 2 }],
    });
    expect(left.get("i-knife")).toBe(1);
    const next = resolveApiOrder({ items: [{ codeName: "knife", quantity: 2 }] }, held, noRules, left);
    expect(messageOf(next)).toBe(API_TEXTS.insufficientInventory("knife", 1));
    expect(left.get("i-knife")).toBe(1);
  });

  it("refuses unknown and ambiguous code names, mixed games and too many different items, taking nothing", () => {
    const left = units();
    const refuse = (items: { codeName: string; quantity: number }[], rules = noRules) =>
      messageOf(resolveApiOrder({ items }, held, rules, left));
    expect(refuse([{ codeName: "sword", quantity: 1 }])).toBe(API_TEXTS.unknownItem("sword"));
    expect(refuse([{ codeName: "seed", quantity: 1 }])).toBe(API_TEXTS.ambiguousItem("seed"));
    expect(
      refuse([
        { codeName: "knife", quantity: 1 },
        { codeName: "egg", quantity: 1 },
      ]),
    ).toBe(GAME_RULE_TEXTS.mixedGames);
    expect(
      refuse(
        [
          { codeName: "knife", quantity: 1 },
          { codeName: "gun", quantity: 1 },
        ],
        atMostOne,
      ),
    ).toBe(GAME_RULE_TEXTS.tooManyUniqueItems("mm2", 1));
    expect(left).toEqual(units());
  });

  it("reports the first line short of units, in the request's order", () => {
    const order = resolveApiOrder(
      {
        items: [
          { codeName: "knife", quantity: 1 },
          { codeName: "gun", quantity: 2 },
        ],
      },
      held,
      noRules,
      units(),
    );
    expect(messageOf(order)).toBe(API_TEXTS.insufficientInventory("gun", 1));
  });
});
