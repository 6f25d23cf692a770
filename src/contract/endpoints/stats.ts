import { defineEndpoint } from "../endpoint.js";
import { statsResponseSchema } from "../stats.js";

export const statsEndpoints = {
  /** Public counters; an admin also gets totalSales. */
  stats: defineEndpoint({ method: "GET", path: "/api/stats", response: statsResponseSchema }),
};
