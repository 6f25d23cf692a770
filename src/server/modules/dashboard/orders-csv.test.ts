import { describe, expect, it } from "vitest";
import { csvField, csvLine, orderCsvFields } from "./orders-csv.js";

describe("csvField", () => {
  it("quotes what would break a line and defuses formulas, but leaves numbers alone", () => {
    expect(csvField("Harvester")).toBe("Harvester");
    expect(csvField('2 x "Gem", 1 x Knife')).toBe('"2 x ""Gem"", 1 x Knife"');
    expect(csvField("a\nb")).toBe('"a\nb"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField("-3.50")).toBe("-3.50");
    expect(csvField(null)).toBe("");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("orderCsvFields", () => {
  const base = {
    id: "o1",
    created_at: "2026-11-20T10:00:00.000Z",
    cursor: "",
    source: "shopify",
    order_number: "1001",
    game: "mm2",
    status: "completed",
    roblox_username: "Buyer",
    items: "2 x Gem",
    total: "10.00",
    kept: true,
    delivered: true,
    cost: "3.50" as string | null,
  };
  const money = (row: typeof base) => orderCsvFields(row).slice(-3);

  it("counts a delivered order's revenue and cost", () => {
    expect(money(base)).toEqual(["10.00", "3.50", "6.50"]);
  });
  it("leaves cost and profit blank when an item has no cost", () => {
    expect(money({ ...base, cost: null })).toEqual(["10.00", null, null]);
  });
  it("counts no cost before delivery and no revenue once refunded", () => {
    expect(money({ ...base, status: "pending", delivered: false, cost: null })).toEqual([
      "10.00",
      "0.00",
      "10.00",
    ]);
    expect(money({ ...base, kept: false })).toEqual(["0.00", "3.50", "-3.50"]);
  });
});
