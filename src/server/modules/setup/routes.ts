import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  updateSubscriptionRequestSchema,
  updateSubscriptionResponseSchema,
} from "../../../contract/setup.js";
import type { AppContext } from "../../context.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { updateSubscription } from "./service.js";

export async function registerSetup(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/user/update-subscription",
    {
      onRequest: requireUser(ctx.db),
      schema: { body: updateSubscriptionRequestSchema, response: { 200: updateSubscriptionResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await updateSubscription(ctx, userOf(request), request.body)),
    }),
  );
}
