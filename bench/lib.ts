import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { at } from "../src/server/db/rows.js";

/** Shared plumbing for the benchmarks: a throwaway PostgreSQL database and servers in child processes. */

/** Runs `fn` on a connection of its own (the benchmarks' seeding and checks, outside the servers' pools). */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

export async function freshDatabase(tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(BASE_URL);
  const name = `autodrop_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  return {
    url: base.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it: the esbuild bundle, built now from the current sources. */
export function buildServerBundle(): string {
  const res = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) throw new Error("npm run build:server failed");
  return "dist/server/main.js";
}

/**
 * Runs an entry in its own Node process (so the load generator does not share its event loop): a bundle as
 * `npm start` does, a TypeScript file through tsx.
 */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  readyWithinMs = 60_000,
): Promise<ChildProcess & { url: string }> {
  const port = await freePort();
  // BENCH_NODE_ARGS passes flags to the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const runner = entry.endsWith(".ts") ? ["--import", "tsx"] : ["--enable-source-maps"];
  const child = spawn(process.execPath, [...nodeArgs, ...runner, entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  }) as ChildProcess & { url: string };
  child.url = `http://127.0.0.1:${port}`;
  const until = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      await fetch(child.url + readyPath);
      return child;
    } catch {
      if (Date.now() > until) {
        child.kill("SIGKILL");
        throw new Error(`${entry} did not start`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  return at(sorted, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1));
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
