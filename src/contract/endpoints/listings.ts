import { okResponseSchema } from "../auth.js";
import { defineEndpoint } from "../endpoint.js";
import {
  addStockRequestSchema,
  deductStockRequestSchema,
  deleteListingQuerySchema,
  linkListingRequestSchema,
  listingIdParamsSchema,
  listingListSchema,
  listingSchema,
  stockResponseSchema,
} from "../listings.js";

export const listingsEndpoints = {
  list: defineEndpoint({ method: "GET", path: "/api/listings", response: listingListSchema }),
  link: defineEndpoint({
    method: "POST",
    path: "/api/listings/link",
    body: linkListingRequestSchema,
    response: listingSchema,
  }),
  addStock: defineEndpoint({
    method: "POST",
    path: "/api/listings/:id/add-stock",
    params: listingIdParamsSchema,
    body: addStockRequestSchema,
    response: stockResponseSchema,
  }),
  deductStock: defineEndpoint({
    method: "POST",
    path: "/api/listings/:id/deduct-stock",
    params: listingIdParamsSchema,
    body: deductStockRequestSchema,
    response: stockResponseSchema,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/listings/:id",
    params: listingIdParamsSchema,
    query: deleteListingQuerySchema,
    response: okResponseSchema,
  }),
};
