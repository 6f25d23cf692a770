import { ordersEndpoints as endpoints } from "../../../contract/endpoints/orders.js";
import { sellerMayCancel } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { cancelOrder } from "./cancel.js";
import { retryOrder } from "./recovery.js";
import { listSellerOrders } from "./service.js";

/** The seller's orders (newest first, a page at a time), and the Cancel and Retry buttons of one. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.list),
    handler: async (request) => listSellerOrders(ctx, userOf(request).id, request.query),
  });

  r.route({
    ...routeOf(endpoints.cancel),
    handler: async (request) =>
      cancelOrder(ctx, request.params.id, {
        userId: userOf(request).id,
        allowed: (order) =>
          sellerMayCancel({
            status: order.status,
            orderSource: order.source,
            robloxUsername: order.robloxUsername,
          }),
      }),
  });

  r.route({
    ...routeOf(endpoints.retry),
    handler: async (request) => retryOrder(ctx, userOf(request).id, request.params.id),
  });
}
