import { describe, expect, it } from "vitest";
import { centsToDecimal, toCents } from "./decimal.js";

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
