import { itemCostListSchema, setItemCostsRequestSchema } from "../analytics.js";
import { defineEndpoint } from "../endpoint.js";
import {
  grantItemsRequestSchema,
  grantItemsResponseSchema,
  inventoryListSchema,
  userIdParamsSchema,
} from "../inventory.js";

export const inventoryEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/api/inventory", response: inventoryListSchema }),
  costs: defineEndpoint({ method: "GET", path: "/api/inventory/costs", response: itemCostListSchema }),
  setCosts: defineEndpoint({
    method: "PUT",
    path: "/api/inventory/costs",
    body: setItemCostsRequestSchema,
    response: itemCostListSchema,
  }),
  grant: defineEndpoint({
    method: "POST",
    path: "/api/admin/users/:userId/items",
    params: userIdParamsSchema,
    body: grantItemsRequestSchema,
    response: grantItemsResponseSchema,
  }),
};
