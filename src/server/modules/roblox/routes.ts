import { robloxEndpoints } from "../../../contract/endpoints/roblox.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { notFound } from "../../http/errors.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import type { RouteApp } from "../auth/index.js";
import { findHeadshotUrl } from "./service.js";

// Pages show many avatars at once (whitelists, claim lists), so this allowance is generous.
const AVATAR_RATE_LIMIT: RateLimitRule = { name: "avatar", points: 300, durationSeconds: 60 };
const AVATAR_CACHE_SECONDS = 3600;

/** GET /api/roblox/avatar/:userId?size=48x48: a public redirect to the user's Roblox headshot PNG. */
export function publicRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(robloxEndpoints.avatar),
    onRequest: ctx.rateLimits.perIp(AVATAR_RATE_LIMIT),
    handler: async (request, reply) => {
      const url = await findHeadshotUrl(ctx, request.params.userId, request.query.size);
      if (!url) throw notFound("Avatar not found");
      return reply.header("Cache-Control", `public, max-age=${AVATAR_CACHE_SECONDS}`).redirect(url, 302);
    },
  });
}
