import { z } from "zod";

/** GET /api/health/live: the process is up and serving (restart it only when this fails). */
export const livenessResponseSchema = z.object({ status: z.literal("live") });

/**
 * GET /api/health/ready (200 when ready, 503 when not): whether this instance should get traffic. Each check is
 * true when that part works: the database answers, the realtime listener is connected, the job workers run.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({ database: z.boolean(), realtime: z.boolean(), jobs: z.boolean() }),
});
export type Readiness = z.infer<typeof readinessResponseSchema>;
