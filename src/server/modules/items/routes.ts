import {
  adminItemListSchema,
  adminItemSchema,
  createItemRequestSchema,
  itemIdParamsSchema,
  itemListSchema,
  itemSchema,
  updateItemRequestSchema,
} from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import { auditActorOf } from "../admin/index.js";
import type { RouteApp } from "../auth/index.js";
import { createItem, listAdminItems, listItems, updateItem } from "./service.js";

/** The item catalogue, as a seller picks from it. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/items", { schema: { response: { 200: itemListSchema } } }, () => listItems(ctx.db));
}

/** Item management (the Item Dictionary). */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/admin/items", { schema: { response: { 200: adminItemListSchema } } }, () =>
    listAdminItems(ctx.db),
  );

  r.post(
    "/api/admin/items",
    { schema: { body: createItemRequestSchema, response: { 201: itemSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createItem(ctx, auditActorOf(request), request.body)),
  );

  r.patch(
    "/api/admin/items/:id",
    {
      schema: {
        params: itemIdParamsSchema,
        body: updateItemRequestSchema,
        response: { 200: adminItemSchema },
      },
    },
    (request) => updateItem(ctx, auditActorOf(request), request.params.id, request.body),
  );
}
