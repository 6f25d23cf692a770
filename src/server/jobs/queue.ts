import PgBoss from "pg-boss";
import type { Logger } from "pino";
import { type Database, type DbOrTx, txSql } from "../db/client.js";
import type { Statement } from "../db/script.js";

/** Concurrent workers per queue in each instance (one job each, so a failure retries only that job). */
const WORKERS_PER_QUEUE = 2;
/**
 * Each queue's first worker polls every second; the others poll rarely and are woken when a fetch comes back full
 * (more is waiting), so an idle queue costs one fetch a second instead of one per worker (each a round trip).
 */
const FIRST_WORKER_POLL_SECONDS = 1;
const OTHER_WORKERS_POLL_SECONDS = 10;

/**
 * A running job's lease: its worker renews it every HEARTBEAT_SECONDS (pg-boss 10 has no heartbeat, decision 041),
 * and a job whose lease is this old is taken for crashed (its process died) and run again at once, however long a
 * healthy run takes.
 */
const LEASE_SECONDS = 30;
const HEARTBEAT_SECONDS = 10;
/**
 * How often some instance runs pg-boss's maintenance, after which it re-queues jobs whose lease lapsed: with the
 * lease and the heartbeat, a crashed job runs again 20–50 s after the crash (docs/operations.md, Jobs).
 */
const DEFAULT_MAINTENANCE_SECONDS = 10;
/**
 * pg-boss 10 fails a handler still running this long after it started (and retries it), a lease or not: the longest
 * a job may run. Runs take seconds; this only ends a handler that hangs.
 */
const MAX_RUN_SECONDS = 3600;

/** Held while queues are created, so instances starting together on a fresh database do not deadlock. */
const QUEUE_CREATION_LOCK = 727275;

/**
 * The job's id stays the same across its retries, so a side effect can be made at most once per job; a merged
 * batch (JobDefinition.batch) has none.
 */
type JobHandler<T> = (data: T, job?: { id: string }) => Promise<void>;

export interface JobDefinition<T extends object = object> {
  name: string;
  handler: JobHandler<T>;
  /** Retries for a failing job (durable: a crash between tries loses nothing). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Cron schedule for recurring maintenance jobs. */
  schedule?: string;
  /**
   * Payloads that merge into one are fetched up to `size` at a time and handled as one, so under load the work
   * (and its queries) is paid per fetch rather than per job; a failure retries each of them.
   */
  batch?: { size: number; merge: (payloads: T[]) => T };
  /**
   * At most one job waiting (pg-boss's "short" policy): a send while one waits is dropped, so a job that sends
   * itself again and a schedule that restarts it never run twice over.
   */
  single?: boolean;
}

/**
 * Durable background jobs on pg-boss in the application's own database (PGlite or PostgreSQL),
 * reached through the same raw SQL adapter so both drivers behave alike.
 */
export class JobQueue {
  private boss: PgBoss;
  private definitions = new Map<string, JobDefinition>();
  private started = false;
  /** Handlers and pg-boss statements under way, so stop() can let them finish before the database closes. */
  private inFlight = new Set<Promise<unknown>>();
  /** The jobs this instance's handlers are running, by "name id", whose leases it renews. */
  private running = new Map<string, { name: string; id: string }>();
  private heartbeat: NodeJS.Timeout | undefined;
  private leaseSeconds: number;
  private heartbeatSeconds: number;

  constructor(
    private database: Database,
    private log: Logger,
    /** Shorter times for tests. */
    opts: { maintenanceIntervalSeconds?: number; leaseSeconds?: number; heartbeatSeconds?: number } = {},
  ) {
    this.leaseSeconds = opts.leaseSeconds ?? LEASE_SECONDS;
    this.heartbeatSeconds = opts.heartbeatSeconds ?? HEARTBEAT_SECONDS;
    this.boss = new PgBoss({
      db: {
        // pg-boss sends multi-statement DDL without parameters, which PGlite's query() refuses.
        executeSql: (text: string, values: unknown[]) =>
          this.track(
            !values?.length && database.driver === "pglite"
              ? database.raw.exec(text)
              : database.raw.query(text, values),
          ),
      },
      schema: "pgboss",
      supervise: true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_SECONDS,
      schedule: true,
      migrate: true,
    });
    this.boss.on("error", (err) => this.log.error({ err }, "job queue error"));
    // pg-boss emits this on the one instance that ran its maintenance, so the sweep runs once an interval.
    this.boss.on("maintenance", () => void this.track(this.requeueLapsed()).catch(this.sweepFailed));
  }

  private sweepFailed = (err: unknown) => this.log.error({ err }, "job lease sweep failed");

  define<T extends object>(def: JobDefinition<T>): void {
    // A job's payload is what send() was given under this name, so it comes back from the queue as a T.
    const batch = def.batch;
    this.definitions.set(def.name, {
      ...def,
      handler: (data, job) => def.handler(data as T, job),
      batch: batch && { size: batch.size, merge: (payloads) => batch.merge(payloads as T[]) },
    });
  }

  /**
   * Starts the queue: its tables and queues always exist afterwards, so any change can enqueue work; with
   * `work: false` (tests that drive jobs by hand) no worker fetches jobs in this process.
   */
  async start(opts: { work?: boolean } = {}): Promise<void> {
    await this.boss.start();
    await this.database.withLock(QUEUE_CREATION_LOCK, async () => {
      for (const def of this.definitions.values()) {
        const options = {
          name: def.name,
          ...this.jobOptions(def),
          policy: (def.single ? "short" : "standard") as PgBoss.QueuePolicy,
        };
        await this.boss.createQueue(def.name, options);
        // A queue made by an older version keeps its old settings unless told the new ones.
        await this.boss.updateQueue(def.name, options);
      }
    });
    if (opts.work === false) {
      this.started = true;
      return;
    }
    for (const def of this.definitions.values()) {
      const batchSize = def.batch?.size ?? 1;
      const workerIds: string[] = [];
      for (let i = 0; i < WORKERS_PER_QUEUE; i++) {
        const pollingIntervalSeconds = i === 0 ? FIRST_WORKER_POLL_SECONDS : OTHER_WORKERS_POLL_SECONDS;
        const workerId = await this.boss.work<object>(
          def.name,
          { batchSize, pollingIntervalSeconds },
          async (jobs) => {
            const leased = jobs.map((job) => ({ key: `${def.name} ${job.id}`, name: def.name, id: job.id }));
            for (const lease of leased) this.running.set(lease.key, lease);
            try {
              if (def.batch && jobs.length > 1)
                await this.track(def.handler(def.batch.merge(jobs.map((j) => j.data))));
              else for (const job of jobs) await this.track(def.handler(job.data, { id: job.id }));
            } finally {
              for (const lease of leased) this.running.delete(lease.key);
            }
            // pg-boss waits a polling interval after every fetch; a full fetch means more is waiting: every worker
            // of the queue fetches at once.
            if (jobs.length === batchSize)
              setImmediate(() => {
                for (const id of workerIds) this.boss.notifyWorker(id);
              });
          },
        );
        workerIds.push(workerId);
      }
      if (def.schedule) await this.boss.schedule(def.name, def.schedule, {});
    }
    this.heartbeat = setInterval(
      () => void this.track(this.renewLeases()).catch(this.sweepFailed),
      this.heartbeatSeconds * 1000,
    );
    this.started = true;
  }

  /** Renews the leases of the jobs this instance is running (pg-boss measures a job's expiry from started_on). */
  private async renewLeases(): Promise<void> {
    const jobs = [...this.running.values()];
    if (jobs.length === 0) return;
    await this.database.raw.query(
      `UPDATE pgboss.job SET started_on = now()
       WHERE (name, id) IN (SELECT * FROM unnest($1::text[], $2::uuid[])) AND state = 'active'`,
      [jobs.map((j) => j.name), jobs.map((j) => j.id)],
    );
  }

  /**
   * Runs again at once every job whose lease lapsed: its worker died, which says nothing about the job, so it does
   * not wait its retry delay. The re-run counts as a retry, so a job that kills its process every time ends failed.
   */
  private async requeueLapsed(): Promise<void> {
    const { rows } = await this.database.raw.query<{ name: string; id: string; state: string }>(
      `UPDATE pgboss.job
       SET state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
           start_after = now(),
           completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
           output = '{"value": {"message": "its worker stopped renewing its lease (crash)"}}'::jsonb
       WHERE state = 'active' AND started_on < now() - $1::int * interval '1 second'
       RETURNING name, id, state`,
      [this.leaseSeconds],
    );
    for (const job of rows) this.log.warn({ job }, "job's worker stopped renewing its lease (crash)");
  }

  /**
   * Enqueues a job. Pass the transaction that makes the change so the job commits (or rolls back) with it.
   * On PGlite this is also required inside a transaction: the single connection is held by it.
   */
  async send<T extends object>(
    name: string,
    data: T,
    opts: { tx?: DbOrTx; startAfterSeconds?: number; singletonKey?: string } = {},
  ): Promise<string | null> {
    const def = this.definition(name);
    return this.boss.send(name, data, {
      ...this.jobOptions(def),
      startAfter: opts.startAfterSeconds,
      singletonKey: opts.singletonKey,
      db: this.connection(opts.tx),
    });
  }

  /** Enqueues one job per payload in a single statement (same transaction rule as send). */
  async sendMany<T extends object>(name: string, data: T[], opts: { tx?: DbOrTx } = {}): Promise<void> {
    if (data.length === 0) return;
    await this.insertJobs(name, data, this.connection(opts.tx));
  }

  /**
   * The statement that enqueues one job per payload, for a caller that runs it inside its own script transaction
   * (db/script.ts) rather than in a round trip of its own. pg-boss builds it as for sendMany; the executor given to
   * pg-boss only keeps it.
   */
  async sendManyStatement<T extends object>(name: string, data: T[]): Promise<Statement> {
    let statement: Statement | undefined;
    await this.insertJobs(name, data, {
      async executeSql(text: string, values: unknown[]) {
        statement = { name: "pgboss_insert_jobs", text, values };
        return { rows: [] };
      },
    });
    if (!statement) throw new Error(`pg-boss built no statement for ${name}`);
    return statement;
  }

  private insertJobs<T extends object>(name: string, data: T[], db: PgBoss.ConnectionOptions["db"]) {
    const options = this.jobOptions(this.definition(name));
    return this.boss.insert(
      data.map((d) => ({ name, data: d, ...options })),
      { db },
    );
  }

  private definition(name: string): JobDefinition {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`Unknown job ${name}`);
    return def;
  }

  /** Set on the queue and on each job (a job's own values win over its queue's in pg-boss). */
  private jobOptions(def: JobDefinition) {
    return {
      retryLimit: def.retryLimit ?? 5,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: MAX_RUN_SECONDS,
    };
  }

  private connection(tx?: DbOrTx): PgBoss.ConnectionOptions["db"] {
    if (!tx) return undefined;
    const q = txSql(tx);
    return { executeSql: (text, values) => q.query(text, values) };
  }

  get isStarted(): boolean {
    return this.started;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }

  /**
   * Stops taking new jobs and waits for running ones to finish: pg-boss gives up waiting after its timeout (and
   * marks them failed, to be retried), but a handler still running then, and the statements pg-boss sends when it
   * ends, would otherwise meet a closed database.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.heartbeat);
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
