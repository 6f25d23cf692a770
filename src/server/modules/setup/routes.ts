import {
  updateSubscriptionRequestSchema,
  updateSubscriptionResponseSchema,
} from "../../../contract/setup.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { updateSubscription } from "./service.js";

/** The setup wizard's plan step. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    "/api/user/update-subscription",
    {
      schema: { body: updateSubscriptionRequestSchema, response: { 200: updateSubscriptionResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await updateSubscription(ctx, userOf(request), request.body)),
    }),
  );
}
