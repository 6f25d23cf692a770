import { okResponseSchema } from "../../../contract/auth.js";
import {
  addStockRequestSchema,
  deductStockRequestSchema,
  deleteListingQuerySchema,
  linkListingRequestSchema,
  listingIdParamsSchema,
  listingListSchema,
  listingSchema,
  stockResponseSchema,
} from "../../../contract/listings.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { addStock, deductStock, deleteListing, linkListing, listListings } from "./service.js";

/** The seller's listings: Shopify variants linked to their items, with stock. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/listings", { schema: { response: { 200: listingListSchema } } }, async (request) =>
    listListings(ctx, userOf(request).id),
  );

  r.post(
    "/api/listings/link",
    { schema: { body: linkListingRequestSchema, response: { 200: listingSchema } } },
    async (request) => linkListing(ctx, userOf(request), request.body),
  );

  r.post(
    "/api/listings/:id/add-stock",
    {
      schema: {
        params: listingIdParamsSchema,
        body: addStockRequestSchema,
        response: { 200: stockResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      newStockQuantity: await addStock(ctx, userOf(request).id, request.params.id, request.body.stockToAdd),
    }),
  );

  r.post(
    "/api/listings/:id/deduct-stock",
    {
      schema: {
        params: listingIdParamsSchema,
        body: deductStockRequestSchema,
        response: { 200: stockResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      newStockQuantity: await deductStock(
        ctx,
        userOf(request).id,
        request.params.id,
        request.body.stockToDeduct,
      ),
    }),
  );

  r.delete(
    "/api/listings/:id",
    {
      schema: {
        params: listingIdParamsSchema,
        querystring: deleteListingQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteListing(ctx, userOf(request).id, request.params.id, request.query.deleteFromShopify);
      return { success: true as const };
    },
  );
}
