import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardQuerySchema, dashboardResponseSchema } from "../../../contract/dashboard.js";
import type { AppContext } from "../../context.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { dashboard } from "./service.js";

export async function registerDashboard(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/dashboard",
    {
      onRequest: requireUser(ctx.db),
      schema: { querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } },
    },
    async (request) => dashboard(ctx, userOf(request).id, request.query.period, ctx.clock()),
  );
}
