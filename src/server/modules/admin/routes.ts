import { adminEndpoints as endpoints } from "../../../contract/endpoints/admin.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import type { RouteApp } from "../auth/index.js";
import { listAudit } from "./audit.js";
import { adminStats, gameStats, listUsers } from "./service.js";

/** The Admin Controls page's users list, stat cards, game stats and audit log. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.users), handler: (request) => listUsers(ctx, request.query) });

  r.route({ ...routeOf(endpoints.stats), handler: () => adminStats(ctx) });

  r.route({ ...routeOf(endpoints.gameStats), handler: () => gameStats(ctx) });

  r.route({ ...routeOf(endpoints.auditLog), handler: (request) => listAudit(ctx.db, request.query) });
}
