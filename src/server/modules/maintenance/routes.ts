import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { cleanupExpired } from "./service.js";

export const CLEANUP_JOB = "maintenance.cleanup";

/** The cleanup job's handler (exported so tests run it without waiting for the schedule). */
export function cleanupHandler(ctx: AppContext): () => Promise<void> {
  return async () => {
    const removed = await cleanupExpired(ctx.db);
    ctx.log.info(removed, "removed expired sessions and login challenges");
  };
}

/** Background upkeep; no HTTP routes. */
export async function registerMaintenance(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.define({
    name: CLEANUP_JOB,
    handler: cleanupHandler(ctx),
    schedule: "*/10 * * * *",
    retryLimit: 2,
  });
}
