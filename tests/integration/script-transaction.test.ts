import { beforeAll, describe, expect, it } from "vitest";
import { DRIVERS, useTestApp } from "./harness.js";

/** ScriptTransaction (db/script.ts): two round trips on PostgreSQL, an ordinary transaction on PGlite. */
describe.each(DRIVERS)("script transactions (%s)", (driver) => {
  const t = useTestApp(driver);
  const database = () => t.app.ctx.database;
  beforeAll(async () => {
    await database().raw.query("CREATE TABLE script_test (key text PRIMARY KEY, value text NOT NULL)");
  });
  const insert = (key: string, value: string) => ({
    name: "test_script_insert",
    text: "INSERT INTO script_test (key, value) VALUES ($1, $2) RETURNING key",
    values: [key, value],
  });
  const read = (keys: string[]) => ({
    name: "test_script_read",
    text: "SELECT key, value FROM script_test WHERE key = ANY($1::text[]) ORDER BY key",
    values: [keys],
  });

  it("commits both halves and answers each statement's rows, values round-tripping exactly", async () => {
    const tricky = `it's a "quote", a back\\slash, {braces}, $1 and ; too`;
    const rows = await database().scriptTransaction(async (s) => {
      const first = await s.first<{ key: string }>(insert("script_a", tricky));
      expect(first).toEqual([{ key: "script_a" }]);
      return s.last([insert("script_b", "second"), read(["script_a", "script_b", tricky])]);
    });
    expect(rows[0]).toEqual([{ key: "script_b" }]);
    expect(rows[1]).toEqual([
      { key: "script_a", value: tricky },
      { key: "script_b", value: "second" },
    ]);
  });

  it("runs its prepared statements again, transaction after transaction", async () => {
    for (const n of [1, 2, 3]) {
      await database().scriptTransaction(async (s) => {
        await s.first(insert(`script_again_${n}`, String(n)));
        await s.last([]);
      });
    }
    const rows = await database().scriptTransaction(async (s) => {
      const found = await s.first(read(["script_again_1", "script_again_2", "script_again_3"]));
      await s.last([]);
      return found;
    });
    expect(rows).toHaveLength(3);
  });

  it("rolls everything back when the last half fails, and the next transaction works", async () => {
    await expect(
      database().scriptTransaction(async (s) => {
        await s.first(insert("script_rolled_back", "x"));
        // The same key again: a unique violation in the last half.
        return s.last([insert("script_rolled_back", "y")]);
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      database().scriptTransaction(async (s) => {
        await s.first(insert("script_never", "x"));
        throw new Error("the caller gave up");
      }),
    ).rejects.toThrow("the caller gave up");
    const rows = await database().scriptTransaction(async (s) => {
      const found = await s.first(read(["script_rolled_back", "script_never"]));
      await s.last([]);
      return found;
    });
    expect(rows).toEqual([]);
  });
});
