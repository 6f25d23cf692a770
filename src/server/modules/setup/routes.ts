import { setupEndpoints } from "../../../contract/endpoints/setup.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { updateSubscription } from "./service.js";

/** The setup wizard's plan step. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(setupEndpoints.updateSubscription),
    handler: async (request) => ({
      success: true as const,
      ...(await updateSubscription(ctx, userOf(request), request.body)),
    }),
  });
}
