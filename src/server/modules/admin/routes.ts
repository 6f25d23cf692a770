import {
  adminStatsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  gameStatsSchema,
} from "../../../contract/admin.js";
import type { AppContext } from "../../context.js";
import type { RouteApp } from "../auth/index.js";
import { listAudit } from "./audit.js";
import { adminStats, gameStats, listUsers } from "./service.js";

/** The Admin Controls page's users list, stat cards, game stats and audit log. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/admin/users",
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } },
    (request) => listUsers(ctx, request.query),
  );

  r.get("/api/admin/stats", { schema: { response: { 200: adminStatsSchema } } }, () => adminStats(ctx));

  r.get("/api/admin/game-stats", { schema: { response: { 200: gameStatsSchema } } }, () => gameStats(ctx));

  r.get(
    "/api/admin/audit-log",
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } } },
    (request) => listAudit(ctx.db, request.query),
  );
}
