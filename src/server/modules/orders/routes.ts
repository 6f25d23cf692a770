import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sellerOrderListSchema } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { orderCreatedHook } from "./events.js";
import { listSellerOrders } from "./service.js";

export async function registerOrders(app: FastifyInstance, ctx: AppContext): Promise<void> {
  orderCreatedHook.define(ctx);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/orders",
      { onRequest: requireUser(ctx.db), schema: { response: { 200: sellerOrderListSchema } } },
      async (request) => listSellerOrders(ctx, userOf(request).id),
    );
}
