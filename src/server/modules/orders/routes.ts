import { z } from "zod";
import {
  sellerMayCancel,
  sellerOrderListQuerySchema,
  sellerOrderListSchema,
} from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { cancelOrder } from "./cancel.js";
import { retryOrder } from "./recovery.js";
import { listSellerOrders } from "./service.js";

const orderParamsSchema = z.object({ id: z.uuid("must be an order id") });
const orderStatusResponseSchema = z.object({ id: z.string(), status: z.string() });

/** The seller's orders (newest first, a page at a time), and the Cancel and Retry buttons of one. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/orders",
    { schema: { querystring: sellerOrderListQuerySchema, response: { 200: sellerOrderListSchema } } },
    async (request) => listSellerOrders(ctx, userOf(request).id, request.query),
  );

  r.post(
    "/api/orders/:id/cancel",
    { schema: { params: orderParamsSchema, response: { 200: orderStatusResponseSchema } } },
    async (request) =>
      cancelOrder(ctx, request.params.id, {
        userId: userOf(request).id,
        allowed: (order) =>
          sellerMayCancel({
            status: order.status,
            orderSource: order.source,
            robloxUsername: order.robloxUsername,
          }),
      }),
  );

  r.post(
    "/api/orders/:id/retry",
    { schema: { params: orderParamsSchema, response: { 200: orderStatusResponseSchema } } },
    async (request) => retryOrder(ctx, userOf(request).id, request.params.id),
  );
}
