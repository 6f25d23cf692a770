import { shopifyEndpoints as endpoints } from "../../../contract/endpoints/shopify.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { currentUser, type RouteApp, userOf } from "../auth/index.js";
import { beginInstall, finishInstall, reconnect, storeProducts } from "./service.js";

/** Connecting the seller's store and reading its products. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.install),
    handler: async (request, reply) => {
      const url = await beginInstall(ctx, userOf(request).id, request.query.shop, request.query.purpose);
      return reply.redirect(url, 302);
    },
  });

  r.route({
    ...routeOf(endpoints.reconnect),
    handler: async (request) => {
      await reconnect(ctx, userOf(request).id);
      return { success: true as const };
    },
  });

  r.route({
    ...routeOf(endpoints.products),
    handler: async (request) => storeProducts(ctx, userOf(request).id),
  });
}

/**
 * Shopify sends the browser back here; a top-level GET carries the SameSite=Lax session cookie, and the callback
 * checks the OAuth state against that session (a missing one fails the install, it is not a 401).
 */
export function oauthCallbackRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/shopify/callback", async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      ),
    );
    const user = await currentUser(ctx, request);
    return reply.redirect(await finishInstall(ctx, user, query), 302);
  });
}
