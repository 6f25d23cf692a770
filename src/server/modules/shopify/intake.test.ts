import { describe, expect, it } from "vitest";
import { at } from "../../db/rows.js";
import { allocate, groupByGame } from "./intake.js";

const row = (listing: string, game: string, variant: string, item: string, quantity: number) => ({
  domain: "s.myshopify.com",
  user_id: "u",
  listing_id: listing,
  game,
  shopify_variant_id: variant,
  item_id: item,
  quantity,
});

describe("order intake rules", () => {
  const linked = [
    row("L1", "mm2", "100", "knife", 2),
    row("L1", "mm2", "100", "gun", 1),
    row("L2", "growagarden", "200", "seed", 3),
  ];
  const order = (lines: { variant_id: string | null; quantity: number; price: string }[]) => ({
    id: "9007199254740993",
    line_items: lines.map((l, i) => ({ id: String(i), product_id: null, ...l })),
  });

  it("makes one order per game with items = listing items x line quantity", () => {
    const games = groupByGame(
      order([
        { variant_id: "100", quantity: 3, price: "1.10" },
        { variant_id: "200", quantity: 1, price: "5.00" },
        { variant_id: "999", quantity: 1, price: "9.99" },
        { variant_id: "100", quantity: 0, price: "1.10" },
      ]),
      linked,
    );
    expect(games.map((g) => g.game)).toEqual(["growagarden", "mm2"]);
    const mm2 = at(games, 1);
    expect(Object.fromEntries(mm2.items)).toEqual({ knife: 6, gun: 3 });
    expect(Object.fromEntries(mm2.listingUnits)).toEqual({ L1: 3 });
    expect(mm2.cents).toBe(330n);
  });

  it("serves a game's order whole or not at all", () => {
    const games = groupByGame(
      order([
        { variant_id: "100", quantity: 2, price: "1.00" },
        { variant_id: "200", quantity: 2, price: "1.00" },
      ]),
      linked,
    );
    const stock = new Map([
      ["L1", 5],
      ["L2", 5],
    ]);
    allocate(
      games,
      stock,
      new Map([
        ["knife", 4],
        ["gun", 1],
        ["seed", 6],
      ]),
    );
    expect(games.map((g) => [g.game, g.ok])).toEqual([
      ["growagarden", true],
      ["mm2", false],
    ]);
    expect(stock.get("L1")).toBe(5);
    expect(stock.get("L2")).toBe(3);
  });
});
