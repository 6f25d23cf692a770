import { defineEndpoint } from "../endpoint.js";
import {
  adminSubscriptionKeyListSchema,
  generateKeysRequestSchema,
  subscriptionKeysQuerySchema,
} from "../subscription-keys.js";
import { useKeyRequestSchema, useKeyResponseSchema } from "../subscriptions.js";

export const subscriptionsEndpoints = {
  useKey: defineEndpoint({
    method: "POST",
    path: "/api/subscription/use-key",
    body: useKeyRequestSchema,
    response: useKeyResponseSchema,
  }),
  adminKeys: defineEndpoint({
    method: "GET",
    path: "/api/admin/subscription-keys",
    query: subscriptionKeysQuerySchema,
    response: adminSubscriptionKeyListSchema,
  }),
  generateKeys: defineEndpoint({
    method: "POST",
    path: "/api/admin/subscription-keys",
    body: generateKeysRequestSchema,
    response: adminSubscriptionKeyListSchema,
    status: 201,
  }),
};
