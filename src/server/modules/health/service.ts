import type { Readiness } from "../../../contract/health.js";
import type { AppContext } from "../../context.js";

/** A database that takes longer than this to answer SELECT 1 counts as down (a failover can hang connections). */
const DATABASE_CHECK_MS = 2_000;

/** Ready only when every part works: a proxy should send no traffic to an instance missing any of them. */
export function readiness(checks: Readiness["checks"]): Readiness {
  return { status: Object.values(checks).every(Boolean) ? "ready" : "not_ready", checks };
}

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([ctx.database.raw.query("SELECT 1").then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(ctx: AppContext): Promise<Readiness> {
  return readiness({
    database: await databaseAnswers(ctx),
    realtime: ctx.events.isListening,
    jobs: ctx.jobs.isStarted,
  });
}
