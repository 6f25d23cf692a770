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
