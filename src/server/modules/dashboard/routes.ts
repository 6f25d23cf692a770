import { dashboardQuerySchema, dashboardResponseSchema } from "../../../contract/dashboard.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { dashboard } from "./service.js";

/** The seller's dashboard: stats, chart and top listings for a period. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/dashboard",
    { schema: { querystring: dashboardQuerySchema, response: { 200: dashboardResponseSchema } } },
    async (request) => dashboard(ctx, userOf(request).id, request.query.period, ctx.clock()),
  );
}
