import { withdrawalsEndpoints as endpoints } from "../../../contract/endpoints/withdrawals.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { createWithdrawal, pendingWithdrawal, turnOnForWithdrawal } from "./service.js";

/** A seller's withdrawal of their own items: one open at a time, delivered by their bot like an order. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.create),
    handler: async (request) => ({
      success: true as const,
      withdrawal: await createWithdrawal(ctx, userOf(request), request.body),
    }),
  });

  r.route({
    ...routeOf(endpoints.pending),
    handler: async (request) => ({ pendingWithdrawal: await pendingWithdrawal(ctx, userOf(request)) }),
  });

  r.route({
    ...routeOf(endpoints.turnOn),
    handler: (request) => turnOnForWithdrawal(ctx, userOf(request), request.body.orderId),
  });
}
