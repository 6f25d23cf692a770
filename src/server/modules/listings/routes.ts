import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
import { requireUser, userOf } from "../auth/sessions.js";
import { addStock, deductStock, deleteListing, linkListing, listListings } from "./service.js";

export async function registerListings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(ctx.db);

  r.get("/api/listings", { onRequest, schema: { response: { 200: listingListSchema } } }, async (request) =>
    listListings(ctx, userOf(request).id),
  );

  r.post(
    "/api/listings/link",
    { onRequest, schema: { body: linkListingRequestSchema, response: { 200: listingSchema } } },
    async (request) => linkListing(ctx, userOf(request), request.body),
  );

  r.post(
    "/api/listings/:id/add-stock",
    {
      onRequest,
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
      onRequest,
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
      onRequest,
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
