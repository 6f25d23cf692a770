import { itemCostListSchema, setItemCostsRequestSchema } from "../../../contract/analytics.js";
import {
  grantItemsRequestSchema,
  grantItemsResponseSchema,
  inventoryDetailListSchema,
  inventoryListSchema,
  userIdParamsSchema,
} from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import { auditActorOf } from "../admin/index.js";
import { actorOf, type RouteApp, userOf } from "../auth/index.js";
import { listItemCosts, setItemCosts } from "./costs.js";
import { grantItems, inventoryDetail, listInventory } from "./service.js";

/** The seller's own inventory. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/inventory", { schema: { response: { 200: inventoryListSchema } } }, (request) =>
    listInventory(ctx.db, userOf(request).id),
  );

  r.get("/api/inventory/costs", { schema: { response: { 200: itemCostListSchema } } }, (request) =>
    listItemCosts(ctx.db, userOf(request).id),
  );

  r.put(
    "/api/inventory/costs",
    { schema: { body: setItemCostsRequestSchema, response: { 200: itemCostListSchema } } },
    (request) => setItemCosts(ctx, userOf(request).id, request.body),
  );
}

/** Any seller's inventory, and granting items: for a bot's key or an admin. */
export function botRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/inventory/:userId",
    { schema: { params: userIdParamsSchema, response: { 200: inventoryDetailListSchema } } },
    (request) => inventoryDetail(ctx.db, request.params.userId),
  );

  r.post(
    "/api/admin/users/:userId/items",
    {
      schema: {
        params: userIdParamsSchema,
        body: grantItemsRequestSchema,
        response: { 200: grantItemsResponseSchema },
      },
    },
    async (request) => {
      const result = await grantItems(ctx, request.params.userId, request.body, {
        name: actorOf(request),
        admin: auditActorOf(request),
      });
      return { success: true as const, ...result };
    },
  );
}
