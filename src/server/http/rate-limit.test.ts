import { describe, expect, it } from "vitest";
import { windowsOfTakes } from "./rate-limit.js";

describe("windowsOfTakes", () => {
  const rule = { name: "t", points: 5, durationSeconds: 60 };

  it("answers takes made together as if made one by one: the ones past the limit are refused", () => {
    // The row stood at 3 before these 4 takes: the 4th and 5th points pass, the 6th and 7th do not.
    const windows = windowsOfTakes(rule, 7, 61_500, 4, 10_000);
    expect(windows.map((w) => [w.allowed, w.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(windows.every((w) => w.limit === 5 && w.resetSeconds === 52)).toBe(true);
  });

  it("says at least a second to the reset of a window that ends now", () => {
    expect(windowsOfTakes(rule, 1, 10_000, 1, 10_000)).toEqual([
      { allowed: true, limit: 5, remaining: 4, resetSeconds: 1 },
    ]);
  });
});
