import { sellerOrderListSchema } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { listSellerOrders } from "./service.js";

/** The seller's latest orders. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/orders", { schema: { response: { 200: sellerOrderListSchema } } }, async (request) =>
    listSellerOrders(ctx, userOf(request).id),
  );
}
