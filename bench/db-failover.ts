import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { at } from "../src/server/db/rows.js";
import { buildServerBundle, freshDatabase, startServer, stopServer } from "./lib.js";
import { orderRequests, seedStores } from "./webhook-ingest.js";

/**
 * Orders under database connection loss: two instances on one PostgreSQL take signed Shopify orders from a few
 * concurrent senders while every connection of the database (pools, intake lanes, LISTEN) is terminated a few
 * times, as a PostgreSQL restart or failover does. An acknowledged order (2xx) must be stored: the result counts
 * the acknowledged orders missing afterwards (must be 0), the refused ones (the sender retries those, Shopify does
 * too) and whether both instances are still alive and ready.
 */
const SENDERS = 8;
const KILL_EVERY_MS = 2_000;

export interface FailoverResult {
  sent: number;
  acknowledged: number;
  refused: number;
  lost: number;
  terminations: number;
  terminatedConnections: number;
  instancesAlive: number;
  instancesReady: number;
}

async function terminateAll(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    return rows.length;
  } finally {
    await c.end();
  }
}

async function storedOrderIds(url: string): Promise<Set<string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      "SELECT shopify_order_id AS id FROM orders WHERE shopify_order_id IS NOT NULL",
    );
    return new Set(rows.map((r) => r.id));
  } finally {
    await c.end();
  }
}

export async function benchDbFailover(seconds = 12): Promise<FailoverResult> {
  const db = await freshDatabase("failover");
  const bundle = buildServerBundle();
  const env = { DATABASE_URL: db.url, SANDBOX: "1", SEED_DEMO: "0", LOG_LEVEL: "fatal" };
  const servers: (ChildProcess & { url: string })[] = [];
  try {
    // One first, so the second finds the schema (simultaneous starts are covered by the integration tests).
    servers.push(await startServer(bundle, env, "/api/health/live"));
    servers.push(await startServer(bundle, env, "/api/health/live"));
    const stores = await seedStores(db.url);
    const next = orderRequests(stores, 9_500_000_000_000_000n);
    const acknowledged: string[] = [];
    let sent = 0;
    let refused = 0;
    const until = Date.now() + seconds * 1000;

    const sender = async (n: number) => {
      while (Date.now() < until) {
        const request = next();
        const server = at(servers, (sent + n) % servers.length);
        sent += 1;
        const id = /^\{"id":(\d+)/.exec(request.body ?? "")?.[1] as string;
        try {
          const res = await fetch(server.url + request.path, {
            method: request.method,
            headers: request.headers,
            body: request.body,
          });
          await res.arrayBuffer();
          if (res.ok) acknowledged.push(id);
          else refused += 1;
        } catch {
          refused += 1;
        }
      }
    };

    let terminations = 0;
    let terminatedConnections = 0;
    const killer = (async () => {
      for (;;) {
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
        if (Date.now() > until - KILL_EVERY_MS) return;
        terminatedConnections += await terminateAll(db.url);
        terminations += 1;
      }
    })();
    await Promise.all([killer, ...Array.from({ length: SENDERS }, (_, n) => sender(n))]);

    // Acknowledged orders were committed before their answer; the wait only lets the jobs after them settle.
    await new Promise((r) => setTimeout(r, 2_000));
    const stored = await storedOrderIds(db.url);
    const instancesAlive = servers.filter((s) => s.exitCode === null).length;
    let instancesReady = 0;
    for (const s of servers) {
      // The listener reconnects with backoff: give it a few seconds.
      for (let i = 0; i < 20; i++) {
        const ok = await fetch(`${s.url}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) {
          instancesReady += 1;
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    return {
      sent,
      acknowledged: acknowledged.length,
      refused,
      lost: acknowledged.filter((id) => !stored.has(id)).length,
      terminations,
      terminatedConnections,
      instancesAlive,
      instancesReady,
    };
  } finally {
    for (const s of servers) await stopServer(s);
    await db.drop();
  }
}

export function printFailover(r: FailoverResult): void {
  console.log(
    "\n| sent | acknowledged | refused | acknowledged but lost | terminations (connections) | instances alive | ready after |\n| --- | --- | --- | --- | --- | --- | --- |",
  );
  console.log(
    `| ${r.sent} | ${r.acknowledged} | ${r.refused} | ${r.lost} | ${r.terminations} (${r.terminatedConnections}) | ${r.instancesAlive} of 2 | ${r.instancesReady} of 2 |`,
  );
}
