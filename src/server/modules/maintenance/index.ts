import type { AppContext, AppModule } from "../../context.js";
import { cleanupExpired } from "./service.js";

const CLEANUP_JOB = "maintenance.cleanup";

/** The cleanup job's handler (exported so tests run it without waiting for the schedule). */
export function cleanupHandler(ctx: AppContext): () => Promise<void> {
  return async () => {
    const removed = await cleanupExpired(ctx.db, new Date(ctx.clock()));
    // A pass that found nothing is no news: at info it would break the terminal's one line a request.
    const level = Object.values(removed).some((n) => n > 0) ? "info" : "debug";
    ctx.log[level](removed, "removed expired sessions, login challenges and delivery rows");
  };
}

/** Background upkeep: a scheduled job, no HTTP routes. */
export const maintenanceModule: AppModule = {
  name: "maintenance",
  prefixes: [],
  async plugin(_app, { ctx }) {
    ctx.jobs.define({
      name: CLEANUP_JOB,
      handler: cleanupHandler(ctx),
      schedule: "*/10 * * * *",
      retryLimit: 2,
    });
  },
};
