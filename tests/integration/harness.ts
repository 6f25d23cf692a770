import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../../src/server/app.js";
import type { Clock } from "../../src/server/clock.js";
import { testConfig } from "../../src/server/config.js";
import type { Providers } from "../../src/server/integrations/index.js";

/** The drivers integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** Creates a fresh PostgreSQL database for one test file, so files can run in parallel. */
export async function freshPostgresDatabase(): Promise<string> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `autodrop_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  return base.toString();
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export interface TestAppHandle {
  app: App;
  driver: "pglite" | "postgres";
}

/** Builds a real app (real database, migrations, sandbox) for the duration of a describe block. */
export function useTestApp(
  driver: "pglite" | "postgres",
  opts: {
    startJobs?: boolean;
    config?: Parameters<typeof testConfig>[0];
    clock?: Clock;
    providers?: Partial<Providers>;
    logStream?: { write(line: string): void };
  } = {},
): TestAppHandle {
  const handle = { driver } as TestAppHandle;
  let dbUrl: string | undefined;
  beforeAll(async () => {
    dbUrl = driver === "postgres" ? await freshPostgresDatabase() : undefined;
    handle.app = await buildApp(testConfig({ databaseUrl: dbUrl, ...opts.config }), {
      startJobs: opts.startJobs ?? false,
      clock: opts.clock,
      providers: opts.providers,
      logStream: opts.logStream,
    });
  });
  afterAll(async () => {
    await handle.app?.close();
    if (dbUrl) await dropPostgresDatabase(dbUrl);
  });
  return handle;
}
