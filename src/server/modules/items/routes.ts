import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createItemRequestSchema, itemListSchema, itemSchema } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import { requireAdmin, requireUser } from "../auth/sessions.js";
import { createItem, listItems } from "./service.js";

export async function registerItems(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/items",
    { preHandler: requireUser(ctx.db), schema: { response: { 200: itemListSchema } } },
    () => listItems(ctx.db),
  );

  r.get(
    "/api/admin/items",
    { preHandler: requireAdmin(ctx.db), schema: { response: { 200: itemListSchema } } },
    () => listItems(ctx.db),
  );

  r.post(
    "/api/admin/items",
    {
      preHandler: requireAdmin(ctx.db),
      schema: { body: createItemRequestSchema, response: { 201: itemSchema } },
    },
    async (request, reply) => reply.status(201).send(await createItem(ctx.db, request.body)),
  );
}
