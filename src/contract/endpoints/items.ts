import { defineEndpoint } from "../endpoint.js";
import {
  adminItemListSchema,
  adminItemSchema,
  createItemRequestSchema,
  itemIdParamsSchema,
  itemListSchema,
  itemSchema,
  updateItemRequestSchema,
} from "../inventory.js";

export const itemsEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/api/items", response: itemListSchema }),
  adminList: defineEndpoint({ method: "GET", path: "/api/admin/items", response: adminItemListSchema }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/admin/items",
    body: createItemRequestSchema,
    response: itemSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/admin/items/:id",
    params: itemIdParamsSchema,
    body: updateItemRequestSchema,
    response: adminItemSchema,
  }),
};
