import { analyticsQuerySchema, analyticsResponseSchema } from "../analytics.js";
import { dashboardQuerySchema, dashboardResponseSchema } from "../dashboard.js";
import { defineEndpoint } from "../endpoint.js";

export const dashboardEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    path: "/api/dashboard",
    query: dashboardQuerySchema,
    response: dashboardResponseSchema,
  }),
  analytics: defineEndpoint({
    method: "GET",
    path: "/api/analytics",
    query: analyticsQuerySchema,
    response: analyticsResponseSchema,
  }),
  /** A CSV download: a link's `href`, not a JSON call. */
  ordersCsv: defineEndpoint({
    method: "GET",
    path: "/api/analytics/orders.csv",
    query: analyticsQuerySchema,
    response: null,
  }),
};
