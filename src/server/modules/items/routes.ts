import { createItemRequestSchema, itemListSchema, itemSchema } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import type { RouteApp } from "../auth/index.js";
import { createItem, listItems } from "./service.js";

/** The item catalogue, as a seller picks from it. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/items", { schema: { response: { 200: itemListSchema } } }, () => listItems(ctx.db));
}

/** Item management. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/admin/items", { schema: { response: { 200: itemListSchema } } }, () => listItems(ctx.db));

  r.post(
    "/api/admin/items",
    { schema: { body: createItemRequestSchema, response: { 201: itemSchema } } },
    async (request, reply) => reply.status(201).send(await createItem(ctx.db, request.body)),
  );
}
