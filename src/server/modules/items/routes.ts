import { itemsEndpoints as endpoints } from "../../../contract/endpoints/items.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { auditActorOf } from "../admin/index.js";
import type { RouteApp } from "../auth/index.js";
import { createItem, listAdminItems, listItems, updateItem } from "./service.js";

/** The item catalogue, as a seller picks from it. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.list), handler: () => listItems(ctx.db) });
}

/** Item management (the Item Dictionary). */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.adminList), handler: () => listAdminItems(ctx.db) });

  r.route({
    ...routeOf(endpoints.create),
    handler: async (request, reply) =>
      reply.status(201).send(await createItem(ctx, auditActorOf(request), request.body)),
  });

  r.route({
    ...routeOf(endpoints.update),
    handler: (request) => updateItem(ctx, auditActorOf(request), request.params.id, request.body),
  });
}
