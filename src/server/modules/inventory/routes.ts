import { inventoryEndpoints as endpoints } from "../../../contract/endpoints/inventory.js";
import { inventoryDetailListSchema, userIdParamsSchema } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { auditActorOf } from "../admin/index.js";
import { actorOf, type RouteApp, userOf } from "../auth/index.js";
import { listItemCosts, setItemCosts } from "./costs.js";
import { grantItems, inventoryDetail, listInventory } from "./service.js";

/** The seller's own inventory. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.list), handler: (request) => listInventory(ctx.db, userOf(request).id) });

  r.route({ ...routeOf(endpoints.costs), handler: (request) => listItemCosts(ctx.db, userOf(request).id) });

  r.route({
    ...routeOf(endpoints.setCosts),
    handler: (request) => setItemCosts(ctx, userOf(request).id, request.body),
  });
}

/** Any seller's inventory, and granting items: for a bot's key or an admin. */
export function botRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/inventory/:userId",
    { schema: { params: userIdParamsSchema, response: { 200: inventoryDetailListSchema } } },
    (request) => inventoryDetail(ctx.db, request.params.userId),
  );

  r.route({
    ...routeOf(endpoints.grant),
    handler: async (request) => {
      const result = await grantItems(ctx, request.params.userId, request.body, {
        name: actorOf(request),
        admin: auditActorOf(request),
      });
      return { success: true as const, ...result };
    },
  });
}
