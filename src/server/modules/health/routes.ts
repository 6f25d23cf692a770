import { livenessResponseSchema, readinessResponseSchema } from "../../../contract/health.js";
import type { AppContext } from "../../context.js";
import type { RouteApp } from "../auth/index.js";
import { checkReadiness } from "./service.js";

/** Liveness and readiness probes for a proxy or orchestrator (docs/operations.md); no session, never cached. */
export function publicRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/health/live",
    { schema: { response: { 200: livenessResponseSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { status: "live" as const };
    },
  );

  r.get(
    "/api/health/ready",
    { schema: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      const result = await checkReadiness(ctx);
      return reply.status(result.status === "ready" ? 200 : 503).send(result);
    },
  );
}
