import { listingsEndpoints as endpoints } from "../../../contract/endpoints/listings.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { addStock, deductStock, deleteListing, linkListing, listListings } from "./service.js";

/** The seller's listings: Shopify variants linked to their items, with stock. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.list), handler: async (request) => listListings(ctx, userOf(request).id) });

  r.route({
    ...routeOf(endpoints.link),
    handler: async (request) => linkListing(ctx, userOf(request), request.body),
  });

  r.route({
    ...routeOf(endpoints.addStock),
    handler: async (request) => ({
      success: true as const,
      newStockQuantity: await addStock(ctx, userOf(request).id, request.params.id, request.body.stockToAdd),
    }),
  });

  r.route({
    ...routeOf(endpoints.deductStock),
    handler: async (request) => ({
      success: true as const,
      newStockQuantity: await deductStock(
        ctx,
        userOf(request).id,
        request.params.id,
        request.body.stockToDeduct,
      ),
    }),
  });

  r.route({
    ...routeOf(endpoints.remove),
    handler: async (request) => {
      await deleteListing(ctx, userOf(request).id, request.params.id, request.query.deleteFromShopify);
      return { success: true as const };
    },
  });
}
