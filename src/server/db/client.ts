import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { PROJECT_ROOT } from "../paths.js";
import { collectAfterCommit } from "./after-commit.js";
import { keyedSerial } from "./keyed-serial.js";
import { type ListenHandlers, PgListener } from "./listener.js";
import * as schema from "./schema/index.js";
import { runScriptTransaction, type ScriptTransaction, type Statement } from "./script.js";

type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. Services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Raw SQL access shared by pg-boss and LISTEN/NOTIFY, so both drivers plug in the same way. */
interface RawSql {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs parameterless, possibly multi-statement SQL; answers the rows of the last statement. */
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** LISTENs on channel until the answered function is called; a lost connection is reconnected (listener.ts). */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  driver: "pglite" | "postgres";
  /** The node-postgres pool (PostgreSQL only), for libraries that take one. */
  pool?: pg.Pool;
  /** Runs fn as a transaction of two round trips (script.ts); on PGlite, an ordinary transaction. */
  scriptTransaction<T>(fn: (t: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Runs fn while holding a cluster-wide advisory lock (a no-op guard on the single-process PGlite). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn, which waits on another service between reading and writing rows it locks (`SELECT … FOR UPDATE`),
   * with those rows to itself across instances; `key` names them. On PostgreSQL fn is a transaction and its row
   * locks do it. On PGlite a transaction would stop every other query of the process while fn waits (the
   * in-process emulators' included), and one process owns the database: fn runs outside a transaction, one at a
   * time per key.
   */
  calloutTransaction<T>(key: string, fn: (tx: DbOrTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Raw parameterised SQL on a transaction handle, so job enqueues and notifications commit with the change. */
export function txSql(tx: DbOrTx): Pick<RawSql, "query"> {
  const client = (
    tx as unknown as {
      session: { client: { query: (t: string, v?: unknown[]) => Promise<{ rows: unknown[] }> } };
    }
  ).session.client;
  return {
    async query<T>(text: string, values?: unknown[]) {
      const res = await client.query(text, values ?? []);
      return { rows: res.rows as T[] };
    },
  };
}

/** Gives `db.transaction` the afterCommit callbacks of after-commit.ts: they run once its transaction commits. */
function withAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const withCallbacks: Db["transaction"] = async (fn, config) => {
    const callbacks: (() => void)[] = [];
    const result = await transaction((tx) => {
      collectAfterCommit(tx, callbacks);
      return fn(tx);
    }, config);
    for (const callback of callbacks) callback();
    return result;
  };
  db.transaction = withCallbacks;
  return db;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

/** Postgres settings sized for an embedded, single-user database (the defaults reserve hundreds of MB). */
const PGLITE_CONF = ["shared_buffers=16MB", "wal_buffers=1MB", "work_mem=4MB", "maintenance_work_mem=16MB"];

/**
 * Creating a new cluster loads PGlite's initdb module, whose memory is never given back to the OS. Doing it in a
 * short-lived child process keeps the server's resident memory to what the running database needs.
 */
function initPgliteClusterInChild(dataDir: string): void {
  const code = `import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create(${JSON.stringify(dataDir)}); await db.close();`;
  execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith("memory://")) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) initPgliteClusterInChild(dataDir);
  }
  const client = await PGlite.create(dataDir, { postgresqlconf: PGLITE_CONF });
  const db = withAfterCommit(drizzlePglite(client, { schema }) as unknown as Db);
  const serial = keyedSerial();
  const raw: RawSql = {
    async query(text, values) {
      const res = await client.query(text, values as unknown[]);
      return { rows: res.rows as never[] };
    },
    async exec(text) {
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    // In process: there is no connection to lose.
    listen: (channel, handlers) => client.listen(channel, handlers.message),
  };
  return {
    db,
    raw,
    driver: "pglite",
    // In process, a round trip costs nothing, so the statements run one by one with their parameters.
    scriptTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          first: async <R>(s: Statement) => (await tx.query<R>(s.text, s.values)).rows,
          async last(statements) {
            const rows: Record<string, unknown>[][] = [];
            for (const s of statements)
              rows.push((await tx.query<Record<string, unknown>>(s.text, s.values)).rows);
            return rows;
          },
        }),
      ),
    withLock: (_key, fn) => fn(),
    calloutTransaction: (key, fn) => serial(key, () => fn(db)),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // Script transactions serve hot paths with at most two at a time (the intake's lanes): a pool of their own keeps
  // their prepared statements on a connection or two, rather than preparing them again on each of the main pool's.
  const scriptPool = new pg.Pool({ connectionString: url, max: 2 });
  for (const p of [pool, scriptPool]) {
    p.on("error", () => {
      // An idle client died (e.g. the server restarted); the pool replaces it on next use.
    });
    // A checked-out client has no pool listener: its backend dying between two queries (a transaction waiting
    // on the app) would otherwise be an unhandled 'error' event. The query under way fails; the pool drops it.
    p.on("connect", (client) => client.on("error", () => undefined));
  }
  const db = withAfterCommit(drizzlePg(pool, { schema }) as unknown as Db);
  const listeners = new Set<PgListener>();
  const raw: RawSql = {
    async query(text, values) {
      const res = await pool.query(text, values as unknown[]);
      return { rows: res.rows };
    },
    async exec(text) {
      const res = (await pool.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
    },
    async listen(channel, handlers) {
      const listener = new PgListener(url, channel, handlers);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
  };
  return {
    db,
    raw,
    driver: "postgres",
    pool,
    scriptTransaction: (fn) => runScriptTransaction(scriptPool, fn),
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [key]);
        try {
          return await fn();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    calloutTransaction: (_key, fn) => db.transaction(fn),
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await Promise.all([pool.end(), scriptPool.end()]);
    },
  };
}
