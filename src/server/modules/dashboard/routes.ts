import { Readable } from "node:stream";
import { ANALYTICS_TEXTS } from "../../../contract/analytics.js";
import { dashboardEndpoints as endpoints } from "../../../contract/endpoints/dashboard.js";
import { activeTier, hasPaidTier } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { forbidden } from "../../http/errors.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { analytics } from "./analytics.js";
import { seriesRange } from "./analytics-ranges.js";
import { ordersCsv } from "./orders-csv.js";
import { dashboard } from "./service.js";

/** The seller's dashboard: stats, chart and top listings for a period. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.dashboard),
    handler: async (request) => dashboard(ctx, userOf(request).id, request.query.period, ctx.clock()),
  });
}

/** Advanced analytics: Basic and Pro only, checked on every route before any work (decision 046). */
export function analyticsRoutes(r: RouteApp, ctx: AppContext): void {
  r.addHook("onRequest", async (request) => {
    if (!hasPaidTier(activeTier(userOf(request), ctx.clock()))) throw forbidden(ANALYTICS_TEXTS.tierRequired);
  });

  r.route({
    ...routeOf(endpoints.analytics),
    handler: async (request) => analytics(ctx, userOf(request).id, request.query.period, ctx.clock()),
  });

  r.route({
    ...routeOf(endpoints.ordersCsv),
    handler: async (request, reply) => {
      const { period } = request.query;
      const now = ctx.clock();
      const range = seriesRange(period, now);
      const day = new Date(now).toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="autodrop-orders-${period}-${day}.csv"`)
        .send(Readable.from(ordersCsv(ctx, userOf(request).id, range.from, range.to)));
    },
  });
}
