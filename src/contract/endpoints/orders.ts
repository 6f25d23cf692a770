import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { sellerOrderListQuerySchema, sellerOrderListSchema } from "../orders.js";

const orderParamsSchema = z.object({ id: z.uuid("must be an order id") });
const orderStatusResponseSchema = z.object({ id: z.string(), status: z.string() });

export const ordersEndpoints = {
  /** The seller's orders, newest first, a page at a time (a public API key is served another route, decision 043). */
  list: defineEndpoint({
    method: "GET",
    path: "/api/orders",
    query: sellerOrderListQuerySchema,
    response: sellerOrderListSchema,
  }),
  cancel: defineEndpoint({
    method: "POST",
    path: "/api/orders/:id/cancel",
    params: orderParamsSchema,
    response: orderStatusResponseSchema,
  }),
  retry: defineEndpoint({
    method: "POST",
    path: "/api/orders/:id/retry",
    params: orderParamsSchema,
    response: orderStatusResponseSchema,
  }),
};
