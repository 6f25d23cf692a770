import { z } from "zod";
import {
  apiIntegrationStateSchema,
  apiRefreshKeyResponseSchema,
  apiToggleRequestSchema,
  apiToggleResponseSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
} from "../api.js";
import { okResponseSchema } from "../auth.js";
import { defineEndpoint } from "../endpoint.js";

/** The API Integration page's calls, with the seller's session (the public API itself is documented by OpenAPI). */
export const apiIntegrationEndpoints = {
  state: defineEndpoint({ method: "GET", path: "/api/api-integration", response: apiIntegrationStateSchema }),
  toggle: defineEndpoint({
    method: "POST",
    path: "/api/settings/api-integration",
    body: apiToggleRequestSchema,
    response: apiToggleResponseSchema,
  }),
  refreshKey: defineEndpoint({
    method: "POST",
    path: "/api/settings/refresh-api-key",
    response: apiRefreshKeyResponseSchema,
  }),
  saveWebhook: defineEndpoint({
    method: "PUT",
    path: "/api/api-integration/webhook",
    body: webhookEndpointRequestSchema,
    response: webhookEndpointSchema,
  }),
  deleteWebhook: defineEndpoint({
    method: "DELETE",
    path: "/api/api-integration/webhook",
    response: z.null(),
    status: 204,
  }),
  testWebhook: defineEndpoint({
    method: "POST",
    path: "/api/api-integration/webhook/test",
    response: okResponseSchema,
    status: 202,
  }),
  /** The public API's OpenAPI document, shown on the Documentation page and linked for download. */
  openapi: defineEndpoint({
    method: "GET",
    path: "/api/openapi.json",
    response: z.record(z.string(), z.unknown()),
  }),
};
