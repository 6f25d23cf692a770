import { statsEndpoints } from "../../../contract/endpoints/stats.js";
import { STATS_CACHE_SECONDS } from "../../../contract/limits.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { currentUser, type RouteApp } from "../auth/index.js";
import { computeStats, publicPart, TtlCache } from "./service.js";

/**
 * GET /api/stats: public counters, cached in-process for STATS_CACHE_SECONDS (the landing page is the busiest
 * page); a signed-in admin gets fresh numbers with totalSales, never stored by shared caches.
 */
export function publicRoutes(r: RouteApp, ctx: AppContext): void {
  const cache = new TtlCache(STATS_CACHE_SECONDS * 1000, async () =>
    publicPart(await computeStats(ctx.database)),
  );

  r.route({
    ...routeOf(statsEndpoints.stats),
    handler: async (request, reply) => {
      reply.header("Vary", "Cookie");
      const user = await currentUser(ctx, request);
      if (user?.isAdmin) {
        reply.header("Cache-Control", "private, no-store");
        return computeStats(ctx.database);
      }
      reply.header("Cache-Control", `public, max-age=${STATS_CACHE_SECONDS}`);
      return cache.get();
    },
  });
}
