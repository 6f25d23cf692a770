import pg from "pg";

/**
 * A parameterised statement (text with $1, $2, ...) under a name: PostgreSQL parses and plans it once per
 * connection (a prepared statement), not on every run. One name, one text.
 */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * A transaction in two round trips for hot paths where round trips and planning, not the work, bound the rate:
 * `first` runs BEGIN with the transaction's first statement, `last` runs the final statements with COMMIT.
 * Whatever fails rolls the whole transaction back.
 */
export interface ScriptTransaction {
  first<T>(statement: Statement): Promise<T[]>;
  /** Runs the statements, then COMMIT (just COMMIT when there are none); answers each statement's rows. */
  last(statements: Statement[]): Promise<Record<string, unknown>[][]>;
}

// pg's own serialisation of parameter values (arrays become array literals, Dates ISO text, objects JSON).
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => string | null } }).utils;

/**
 * An array of strings, numbers, booleans and nulls as pg's array literal, quoting only the elements with a quote or
 * a backslash (pg runs two replaces on every element: 4% of the server's time at the ingest's full rate). Anything
 * else is pg's to write.
 */
function arrayText(values: readonly unknown[]): string | null {
  let text = "{";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) text += ",";
    if (v === null || v === undefined) text += "NULL";
    else if (typeof v === "string")
      text += /["\\]/.test(v) ? `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"` : `"${v}"`;
    else if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") text += `"${v}"`;
    else return prepareValue(values);
  }
  return `${text}}`;
}

/** One value as an SQL literal, escaped by pg: the text PostgreSQL would have received as the parameter. */
export function sqlLiteral(value: unknown): string {
  const prepared = value === undefined ? null : Array.isArray(value) ? arrayText(value) : prepareValue(value);
  if (prepared === null) return "NULL";
  // What escapeLiteral answers for text with no quote or backslash, without its character-by-character copy (the
  // intake's array literals run to kilobytes).
  return /['\\]/.test(prepared) ? pg.escapeLiteral(prepared) : `'${prepared}'`;
}

/** The statements prepared on each pooled connection (they live as long as the connection). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * The simple-protocol text that runs `statements` between `before` and `after`: a statement is prepared the first
 * time its connection sees it, then executed with its values as literals (a literal where a parameter was is typed
 * as the parameter was, and escaped by pg).
 */
export function scriptText(
  statements: Statement[],
  prepared: ReadonlySet<string>,
  before: string[] = [],
  after: string[] = [],
): { text: string; preparing: string[] } {
  const preparing = [
    ...new Map(statements.filter((s) => !prepared.has(s.name)).map((s) => [s.name, s.text])),
  ];
  const run = (s: Statement) =>
    `EXECUTE ${pg.escapeIdentifier(s.name)}${s.values.length ? `(${s.values.map(sqlLiteral).join(", ")})` : ""}`;
  const parts = [
    ...preparing.map(([name, text]) => `PREPARE ${pg.escapeIdentifier(name)} AS ${text}`),
    ...before,
    ...statements.map(run),
    ...after,
  ];
  return { text: parts.join(";\n"), preparing: preparing.map(([name]) => name) };
}

/** ScriptTransaction on a pooled node-postgres connection: each half is one simple-protocol query. */
export async function runScriptTransaction<T>(
  pool: pg.Pool,
  fn: (t: ScriptTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const prepared = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, prepared);
  let open = false;
  const run = async (statements: Statement[], before: string[], after: string[]) => {
    const script = scriptText(statements, prepared, before, after);
    const res = (await client.query(script.text)) as unknown as pg.QueryResult[] | pg.QueryResult;
    for (const name of script.preparing) prepared.add(name);
    const results = Array.isArray(res) ? res : [res];
    const skip = script.preparing.length + before.length;
    return results.slice(skip, skip + statements.length).map((r) => r.rows);
  };
  try {
    const result = await fn({
      async first<R>(statement: Statement) {
        open = true;
        const [rows] = await run([statement], ["BEGIN"], []);
        return rows as R[];
      },
      async last(statements) {
        const rows = await run(statements, [], ["COMMIT"]);
        open = false;
        return rows;
      },
    });
    if (open) throw new Error("Script transaction ended without last()");
    client.release();
    return result;
  } catch (err) {
    if (open) await client.query("ROLLBACK").catch(() => undefined);
    // After a failed script, which of its statements got prepared is unknown: the connection is closed, not reused.
    client.release(true);
    throw err;
  }
}
