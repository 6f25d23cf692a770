import { describe, expect, it } from "vitest";
import {
  compareDecimal,
  cryptoAmountFor,
  discountedPrice,
  formatDecimal,
  fromUnits,
  percentOf,
  subtractDecimal,
  toUnits,
} from "./money.js";
import { PRICES } from "./plans.js";

describe("decimal amounts", () => {
  it("reads and writes exact units, rounding extra digits half away from zero", () => {
    expect(toUnits("12.345", 2)).toBe(1235n);
    expect(toUnits("12.344", 2)).toBe(1234n);
    expect(toUnits("-0.005", 2)).toBe(-1n);
    expect(toUnits("7", 8)).toBe(700_000_000n);
    expect(fromUnits(1235n, 2)).toBe("12.35");
    expect(fromUnits(5n, 8)).toBe("0.00000005");
    expect(fromUnits(-150n, 2)).toBe("-1.50");
    expect(() => toUnits("1e3", 2)).toThrow();
    expect(() => toUnits("0.1.2", 2)).toThrow();
  });

  it("shows crypto with 8 decimals and USD with 2, whatever came in", () => {
    expect(formatDecimal("0.0012", 8)).toBe("0.00120000");
    expect(formatDecimal("49.9", 2)).toBe("49.90");
    expect(subtractDecimal("0.00100000", "0.00040000", 8)).toBe("0.00060000");
    expect(compareDecimal("0.10000000", "0.1")).toBe(0);
    expect(compareDecimal("0.00000001", "0")).toBe(1);
    expect(compareDecimal("-0.5", "0")).toBe(-1);
  });
});

describe("prices", () => {
  it("takes a whole percentage off, to the cent, half up", () => {
    expect(discountedPrice(PRICES.pro["90"], 20)).toBe("39.99"); // 39.992
    expect(discountedPrice(PRICES.pro["30"], 15)).toBe("16.99"); // 16.9915
    expect(discountedPrice(PRICES.basic["90"], 10)).toBe("22.49"); // 22.491
    expect(discountedPrice("0.10", 5)).toBe("0.10"); // 0.095 rounds up
    expect(discountedPrice(PRICES.basic.lifetime, 100)).toBe("0.00");
    expect(discountedPrice(PRICES.basic["30"], 0)).toBe("9.99");
    expect(() => discountedPrice("9.99", 101)).toThrow();
    expect(() => discountedPrice("9.99", 1.5)).toThrow();
  });

  it("converts USD to crypto rounding up to the 8th decimal, so the seller is never short", () => {
    expect(cryptoAmountFor("49.99", "60000.00")).toBe("0.00083317"); // 0.000833166...
    expect(cryptoAmountFor("30.00", "3000")).toBe("0.01000000");
    expect(() => cryptoAmountFor("1", "0")).toThrow();
  });

  it("measures progress in percent for the bars", () => {
    expect(percentOf("0.5", "2")).toBe(25);
    expect(percentOf("3", "2")).toBe(100);
    expect(percentOf("1", "0")).toBe(0);
  });
});
