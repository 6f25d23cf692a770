import {
  adminStatsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  gameStatsSchema,
} from "../admin.js";
import { defineEndpoint } from "../endpoint.js";

export const adminEndpoints = {
  users: defineEndpoint({
    method: "GET",
    path: "/api/admin/users",
    query: adminUsersQuerySchema,
    response: adminUsersResponseSchema,
  }),
  stats: defineEndpoint({ method: "GET", path: "/api/admin/stats", response: adminStatsSchema }),
  gameStats: defineEndpoint({ method: "GET", path: "/api/admin/game-stats", response: gameStatsSchema }),
  auditLog: defineEndpoint({
    method: "GET",
    path: "/api/admin/audit-log",
    query: auditLogQuerySchema,
    response: auditLogResponseSchema,
  }),
};
