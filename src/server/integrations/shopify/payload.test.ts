import { describe, expect, it } from "vitest";
import { centsToDecimal, parseShopifyJson, quoteUnsafeIntegers, toCents } from "./payload.js";

describe("Shopify JSON with big ids", () => {
  it("keeps integers above 2^53 exact as strings and leaves the rest alone", () => {
    const text =
      '{"id":9007199254740993,"n":12,"f":1.5,"neg":-9007199254740995,"e":1e21,"list":[12345678901234567890,3]}';
    expect(parseShopifyJson(text)).toEqual({
      id: "9007199254740993",
      n: 12,
      f: 1.5,
      neg: "-9007199254740995",
      e: 1e21,
      list: ["12345678901234567890", 3],
    });
  });

  it("never touches digits inside strings, escapes included", () => {
    const text = '{"note":"id 9007199254740993 \\" 9007199254740995","id":9007199254740997}';
    expect(parseShopifyJson(text)).toEqual({
      note: 'id 9007199254740993 " 9007199254740995',
      id: "9007199254740997",
    });
    expect(quoteUnsafeIntegers('{"a":1}')).toBe('{"a":1}');
  });
});

describe("decimal money", () => {
  it("converts without floats", () => {
    expect(toCents("0.1") + toCents("0.2")).toBe(30n);
    expect(toCents("19.99") * 3n).toBe(5997n);
    expect(toCents("12")).toBe(1200n);
    expect(toCents("1.005")).toBe(101n);
    expect(centsToDecimal(5997n)).toBe("59.97");
    expect(centsToDecimal(5n)).toBe("0.05");
    expect(centsToDecimal(-150n)).toBe("-1.50");
  });
});
