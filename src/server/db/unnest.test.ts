import { describe, expect, it } from "vitest";
import { columnsOf } from "./unnest.js";

describe("columnsOf", () => {
  it("turns rows into one array per column, missing values as null", () => {
    expect(
      columnsOf(
        [
          ["a", 1],
          ["b", undefined],
        ],
        3,
      ),
    ).toEqual([
      ["a", "b"],
      [1, null],
      [null, null],
    ]);
    expect(columnsOf([], 2)).toEqual([[], []]);
  });
});
