import { describe, expect, it } from "vitest";
import { parseJsonExact, quoteUnsafeIntegers } from "./big-json.js";

describe("JSON with big ids", () => {
  it("keeps integers above 2^53 exact as strings and leaves the rest alone", () => {
    const text =
      '{"id":9007199254740993,"n":12,"f":1.5,"neg":-9007199254740995,"e":1e21,"list":[12345678901234567890,3]}';
    expect(parseJsonExact(text)).toEqual({
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
    expect(parseJsonExact(text)).toEqual({
      note: 'id 9007199254740993 " 9007199254740995',
      id: "9007199254740997",
    });
    // A string ending in an escaped backslash ends at the next quote; one escaping a quote does not.
    expect(parseJsonExact('{"p":"C:\\\\","q":"\\\\\\"9007199254740993","id":9007199254740999}')).toEqual({
      p: "C:\\",
      q: '\\"9007199254740993',
      id: "9007199254740999",
    });
    expect(quoteUnsafeIntegers('{"a":1}')).toBe('{"a":1}');
  });
});
