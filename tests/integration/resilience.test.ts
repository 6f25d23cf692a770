import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import { testConfig } from "../../src/server/config.js";
import { type Database, openDatabase } from "../../src/server/db/client.js";
import { JobQueue } from "../../src/server/jobs/queue.js";
import { createItem, grant, uniqueName } from "./bot-fixtures.js";
import { EventStream, listenersOf } from "./event-stream.js";
import { DRIVERS, dropPostgresDatabase, freshPostgresDatabase, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

/** Runs SQL as the test database's superuser, outside every app's pools. */
async function asAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** What a PostgreSQL restart or failover does to the LISTEN connections of every instance on this database. */
async function terminateListeners(url: string): Promise<number> {
  return asAdmin(url, async (client) => {
    const { rows } = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN "autodrop_events"' AND pid <> pg_backend_pid()`,
    );
    return rows.length;
  });
}

describe.runIf(DRIVERS.includes("postgres"))("several instances on one PostgreSQL", () => {
  const t = useTestApp("postgres");
  let second: App;
  let base = "";
  let secondBase = "";
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    second = await buildApp(testConfig({ databaseUrl: t.app.ctx.config.databaseUrl }), { startJobs: false });
    secondBase = await second.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await second?.close();
  });

  it("survives losing its LISTEN connection: reconnects, tells open streams to resync, and streams later changes", async () => {
    const seller = await signIn(t.app, uniqueName("Lost"));
    const item = await createItem(t.app, "mm2");
    const stream = new EventStream(`${base}/api/events`, seller.cookie);
    try {
      await stream.open();
      await expect.poll(() => listenersOf(t.app, seller.userId)).toBe(1);

      expect(await terminateListeners(t.app.ctx.config.databaseUrl!)).toBeGreaterThanOrEqual(1);
      // Whatever was notified while it was gone is lost: the page is told to refetch everything.
      expect(await stream.next(10_000)).toEqual({ type: "resync" });
      expect(t.app.ctx.events.isListening).toBe(true);

      await grant(second, seller.userId, item.id, 1);
      expect(await stream.next()).toEqual({ type: "inventory" });
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(200);
    } finally {
      stream.close();
    }
  });

  it("ends a session's streams on every instance when it logs out, and only that session's", async () => {
    const name = uniqueName("Out");
    const leaving = await signIn(t.app, name);
    const staying = await signIn(t.app, name);
    const item = await createItem(t.app, "mm2");
    const onSecond = new EventStream(`${secondBase}/api/events`, leaving.cookie);
    const onFirst = new EventStream(`${base}/api/events`, leaving.cookie);
    const other = new EventStream(`${secondBase}/api/events`, staying.cookie);
    try {
      for (const s of [onSecond, onFirst, other]) await s.open();
      await expect.poll(() => listenersOf(second, leaving.userId)).toBe(2);
      await expect.poll(() => listenersOf(t.app, leaving.userId)).toBe(1);

      const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: leaving.headers });
      expect(out.statusCode).toBe(200);
      await expect(onSecond.next()).rejects.toThrow("stream ended");
      await expect(onFirst.next()).rejects.toThrow("stream ended");

      await grant(t.app, leaving.userId, item.id, 1);
      expect(await other.next()).toEqual({ type: "inventory" });
    } finally {
      for (const s of [onSecond, onFirst, other]) s.close();
    }
  });

  it("answers liveness and readiness", async () => {
    const live = await second.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "live" });
    const ready = await second.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: true, realtime: true, jobs: true } });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });
});

describe.runIf(DRIVERS.includes("postgres"))("starting together on a fresh PostgreSQL database", () => {
  let url = "";
  let apps: App[] = [];
  beforeAll(async () => {
    url = await freshPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await dropPostgresDatabase(url);
  });

  it("three instances started at once all come up and serve", async () => {
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => buildApp(testConfig({ databaseUrl: url }), { startJobs: false })),
    );
    apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    expect(started.filter((s) => s.status === "rejected")).toEqual([]);
    for (const app of apps) {
      const ready = await app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.json().status).toBe("ready");
    }
  });
});

describe.each(DRIVERS)("a job's lease on %s", (driver) => {
  const QUEUE = "resilience.probe";
  // Short times: a lease of 2 s renewed every 1 s; maintenance (and the lease sweep after it) every 1 s.
  const TIMES = { leaseSeconds: 2, heartbeatSeconds: 1, maintenanceIntervalSeconds: 1 };
  let url: string | undefined;
  let database: Database;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    url = driver === "postgres" ? await freshPostgresDatabase() : undefined;
    database = await openDatabase({ databaseUrl: url, dataDir: "memory://" });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
    if (url) await dropPostgresDatabase(url);
  });

  /** An instance whose probe handler is `handler`, with a retry delay far longer than any wait below. */
  const instance = (handler: (data: object, job?: { id: string }) => Promise<void>) => {
    const q = new JobQueue(database, pino({ level: "silent" }), TIMES);
    q.define({ name: QUEUE, retryLimit: 3, retryDelaySeconds: 600, handler });
    return q;
  };
  const stateOf = async (id: string | null) =>
    (await database.raw.query<{ state: string }>("SELECT state FROM pgboss.job WHERE id = $1", [id])).rows[0]
      ?.state;

  it("runs a job again at once, not after its retry delay, once its dead worker's lease lapses", async () => {
    const ran: (string | undefined)[] = [];
    queue = instance(async () => undefined);
    await queue.start({ work: false });
    const jobId = await queue.send(QUEUE, { n: 1 });
    // What a worker that took the job and then died (kill -9) leaves behind: an active job nobody renews.
    await database.raw.query("UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1", [
      jobId,
    ]);
    await queue.stop();

    const restartedAt = Date.now();
    let reran: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      reran = resolve;
    });
    queue = instance(async (_data, job) => {
      ran.push(job?.id);
      reran();
    });
    await queue.start();
    await done;
    expect(ran).toEqual([jobId]);
    // The lease (2 s), then at most two maintenance ticks (a tick may find the last one too recent) and a poll.
    expect(Date.now() - restartedAt).toBeLessThan(7_000);
    await queue.stop();
    queue = undefined;
  }, 30_000);

  it("never hands a healthy run that outlasts its lease to another worker", async () => {
    let runs = 0;
    queue = instance(async () => {
      runs++;
      // sleep-ok: a healthy run longer than its 2 s lease is what this test is about.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
    });
    await queue.start();
    const jobId = await queue.send(QUEUE, { n: 2 });
    for (let waited = 0; (await stateOf(jobId)) !== "completed"; waited += 250) {
      if (waited > 20_000) throw new Error(`the job is ${await stateOf(jobId)} after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs).toBe(1);
    await queue.stop();
    queue = undefined;
  }, 30_000);
});
