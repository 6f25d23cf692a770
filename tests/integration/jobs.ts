import type { App } from "../../src/server/app.js";

/**
 * Waits until the app's job queue has nothing to do: no job running and none due. A job queues its follow-ups in
 * its own transaction, before it completes, so a chain of jobs keeps the queue busy to its end. A test that then
 * finds something not done (no message sent, no store written) knows the jobs will not do it, where a fixed sleep
 * only knows they had not done it yet. Jobs delayed into the future (a retry's back-off) are not waited for.
 */
export async function drainJobs(app: App, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await app.ctx.database.raw.query<{ name: string; state: string }>(
      `SELECT name, state FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `jobs still due after ${timeoutMs} ms: ${rows.map((r) => `${r.name} (${r.state})`).join(", ")}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many jobs of this name the queue holds whose payload names this seller (queued, running or done). */
export async function jobsNaming(app: App, name: string, userId: string): Promise<number> {
  const { rows } = await app.ctx.database.raw.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data::text LIKE $2",
    [name, `%${userId}%`],
  );
  return rows[0]?.n ?? 0;
}
