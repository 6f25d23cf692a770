import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  grantItemsRequestSchema,
  grantItemsResponseSchema,
  inventoryDetailListSchema,
  inventoryListSchema,
  userIdParamsSchema,
} from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { actorOf, requireBotOrAdmin } from "../botapi/keys.js";
import { grantItems, inventoryDetail, listInventory } from "./service.js";

export async function registerInventory(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const botOrAdmin = requireBotOrAdmin(ctx);

  r.get(
    "/api/inventory",
    { preHandler: requireUser(ctx.db), schema: { response: { 200: inventoryListSchema } } },
    (request) => listInventory(ctx.db, userOf(request).id),
  );

  r.get(
    "/api/inventory/:userId",
    {
      preHandler: botOrAdmin,
      schema: { params: userIdParamsSchema, response: { 200: inventoryDetailListSchema } },
    },
    (request) => inventoryDetail(ctx.db, request.params.userId),
  );

  r.post(
    "/api/admin/users/:userId/items",
    {
      preHandler: botOrAdmin,
      schema: {
        params: userIdParamsSchema,
        body: grantItemsRequestSchema,
        response: { 200: grantItemsResponseSchema },
      },
    },
    async (request) => {
      const result = await grantItems(ctx, request.params.userId, request.body, actorOf(request));
      return { success: true as const, ...result };
    },
  );
}
