import { defineEndpoint } from "../endpoint.js";
import { updateSubscriptionRequestSchema, updateSubscriptionResponseSchema } from "../setup.js";

export const setupEndpoints = {
  updateSubscription: defineEndpoint({
    method: "POST",
    path: "/api/user/update-subscription",
    body: updateSubscriptionRequestSchema,
    response: updateSubscriptionResponseSchema,
  }),
};
