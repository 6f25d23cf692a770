import pg from "pg";
import { describe, expect, it } from "vitest";
import { scriptText, sqlLiteral } from "./script.js";

describe("sqlLiteral", () => {
  it("writes values as pg would send them, escaped", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(undefined)).toBe("NULL");
    expect(sqlLiteral(7)).toBe("'7'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral("a\\b")).toBe(" E'a\\\\b'");
    expect(sqlLiteral(["x", null, 'q"uote'])).toBe(` E'{"x",NULL,"q\\\\"uote"}'`);
    expect(sqlLiteral(["x\\y"])).toBe(` E'{"x\\\\\\\\y"}'`);
  });
});

describe("sqlLiteral of an array", () => {
  const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => string } }).utils;
  const asPgWould = (value: unknown[]) => {
    const text = prepareValue(value);
    return /['\\]/.test(text) ? pg.escapeLiteral(text) : `'${text}'`;
  };

  it("writes every element as pg's own array literal does", () => {
    const arrays: unknown[][] = [
      [],
      ["7c9e6679-7425-40de-944b-e07fc1f90ae7", null, "plain"],
      ['say "hi"', "back\\slash", 'both \\"', "it's", "", "ünïcode ✓", "{braces}, commas"],
      [1, 2.5, -3, 0, null, undefined],
      [true, false, null],
      [12345678901234567890n],
      [["nested", "array"], ["x"]],
      [new Date(Date.UTC(2026, 10, 27, 12, 0, 0)), "mixed"],
    ];
    for (const array of arrays) expect(sqlLiteral(array)).toBe(asPgWould(array));
  });
});

describe("scriptText", () => {
  const claim = { name: "claim", text: "SELECT $1::text[] AS a, $2::int AS b", values: [["o'k"], 3] };
  const write = { name: "write", text: "INSERT INTO t VALUES ($1)", values: ["v"] };

  it("prepares a statement the first time, between nothing and BEGIN", () => {
    const script = scriptText([claim], new Set(), ["BEGIN"]);
    expect(script.preparing).toEqual(["claim"]);
    expect(script.text).toBe(
      `PREPARE "claim" AS SELECT $1::text[] AS a, $2::int AS b;\nBEGIN;\nEXECUTE "claim"('{"o''k"}', '3')`,
    );
  });

  it("only executes a statement the connection has prepared, and prepares a name once", () => {
    const script = scriptText([claim, write, write], new Set(["claim"]), [], ["COMMIT"]);
    expect(script.preparing).toEqual(["write"]);
    expect(script.text).toBe(
      `PREPARE "write" AS INSERT INTO t VALUES ($1);\nEXECUTE "claim"('{"o''k"}', '3');\nEXECUTE "write"('v');\nEXECUTE "write"('v');\nCOMMIT`,
    );
  });

  it("executes a statement without parameters without a value list", () => {
    expect(scriptText([{ name: "n", text: "SELECT 1", values: [] }], new Set(["n"])).text).toBe(
      'EXECUTE "n"',
    );
  });
});
