import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  apiCheckStatusResponseSchema,
  apiCreateOrderRequestSchema,
  apiErrorSchema,
  apiInventoryResponseSchema,
  apiOrderSchema,
  apiOrdersPageSchema,
  apiOrdersQuerySchema,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  WEBHOOK_TEST_EVENTS_PER_MINUTE,
} from "../../../contract/api.js";
import { apiIntegrationEndpoints as integration } from "../../../contract/endpoints/api-integration.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { routeOf } from "../../http/endpoint-route.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import { API_KEY_CALLER, apiUserOf, type RouteApp, rateLimitHeaders, userOf } from "../auth/index.js";
import { apiOrderBatcher } from "./create-order.js";
import { assertMayUseWebhooks, mayUseApi, refreshApiKey, setApiIntegration } from "./keys.js";
import { PUBLIC_API_TAG, SUCCESS_DESCRIPTION } from "./openapi.js";
import { apiInventory, apiOrderStatus, cancelApiOrder, listApiOrders } from "./orders.js";
import {
  deleteWebhookEndpoint,
  recentDeliveries,
  saveWebhookEndpoint,
  sendTestEvent,
  webhookEndpointView,
} from "./webhooks.js";

/** Per seller, shared by every instance: each test event is a request from our server to a host they chose. */
const WEBHOOK_TEST_LIMIT: RateLimitRule = {
  name: "webhook-test",
  points: WEBHOOK_TEST_EVENTS_PER_MINUTE,
  durationSeconds: 60,
};

const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 422 | 429 | 500)[]) =>
  Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));
/** Every API-key route can answer these. */
const KEY_ERRORS = [401, 403, 429, 500] as const;
/** What the OpenAPI document says of a route: its name for generated clients, and what its success answer is. */
const docs = (operationId: string, summary: string, description: string, success: string) => ({
  operationId,
  summary,
  description,
  [SUCCESS_DESCRIPTION]: success,
  tags: [PUBLIC_API_TAG],
  security: [{ bearerAuth: [] }],
});

/** The public API v1 (spec 001 §7): every route in the API-key scope. */
export function publicApiRoutes(r: RouteApp, ctx: AppContext): void {
  const createApiOrder = apiOrderBatcher(ctx);
  r.get(
    "/api/v1/get-inventory",
    {
      schema: {
        ...docs(
          "getInventory",
          "Your inventory",
          "Items you can sell now, with the units available (reserved units excluded).",
          "Your inventory entries",
        ),
        response: { 200: apiInventoryResponseSchema, ...errors(...KEY_ERRORS) },
      },
    },
    async (request) => ({ inventory: await apiInventory(ctx, apiUserOf(request).id) }),
  );

  r.post(
    "/api/v1/create-order",
    {
      // The key's seller, its write limit, integration and plan are checked in the batch's first round trip (decision
      // 059), so a request that fails validation reaches the handler and is answered after those checks, as before.
      config: { apiKeyInHandler: true },
      attachValidation: true,
      schema: {
        ...docs(
          "createOrder",
          "Create an order",
          "Reserves the items and returns the order with its claimUrl: send the buyer there to claim in game. " +
            "Rules: items of one game only, at most the game's maximum of different items, enough inventory.",
          "The order, with the claimUrl to send the buyer (the first order again for a replayed Idempotency-Key)",
        ),
        headers: z.looseObject({
          "idempotency-key": z
            .string()
            .min(1)
            .max(IDEMPOTENCY_KEY_MAX_LENGTH)
            .optional()
            .describe("Any unique string (a UUID): a retry with the same key and body gets the same order"),
        }),
        body: apiCreateOrderRequestSchema,
        response: { 201: apiOrderSchema, ...errors(400, 422, ...KEY_ERRORS) },
      },
    },
    async (request, reply) => {
      const keyHash = request.apiKeyUnchecked ?? missing("the request's key");
      const result = await createApiOrder(
        request.validationError
          ? { keyHash, body: null, invalid: request.validationError }
          : { keyHash, body: request.body, idempotencyKey: request.headers["idempotency-key"] },
      );
      request.apiKeyUnchecked = undefined;
      if (result.window) reply.headers(rateLimitHeaders(result.window));
      if ("error" in result) throw result.error;
      if (result.replayed) reply.header("Idempotent-Replayed", "true");
      return reply.status(201).send(result.order);
    },
  );

  r.get(
    "/api/v1/check-status/:authKey",
    {
      schema: {
        ...docs(
          "checkStatus",
          "Order status",
          "Status of one of your orders by its authKey: unclaimed, pending, completed…",
          "The order's status, when it was claimed and by which Roblox user",
        ),
        params: z.object({ authKey: z.string().min(1).max(200) }),
        response: { 200: apiCheckStatusResponseSchema, ...errors(404, ...KEY_ERRORS) },
      },
    },
    async (request) => apiOrderStatus(ctx, apiUserOf(request).id, request.params.authKey),
  );

  r.post(
    "/api/v1/cancel-order/:authKey",
    {
      schema: {
        ...docs(
          "cancelOrder",
          "Cancel an order",
          "Calls off one of your orders that nobody has claimed yet; its items go back to your inventory. " +
            "A claimed (a buyer locked their Roblox name), delivered or closed order answers 409.",
          "The order's status, now cancelled (the same answer for an order already cancelled)",
        ),
        params: z.object({ authKey: z.string().min(1).max(200) }),
        response: { 200: apiCheckStatusResponseSchema, ...errors(404, 409, ...KEY_ERRORS) },
      },
    },
    async (request) => cancelApiOrder(ctx, apiUserOf(request).id, request.params.authKey),
  );

  const ordersSchema = {
    querystring: apiOrdersQuerySchema,
    response: { 200: apiOrdersPageSchema, ...errors(400, ...KEY_ERRORS) },
  };
  const listOrders = async (request: FastifyRequest<{ Querystring: z.infer<typeof apiOrdersQuerySchema> }>) =>
    listApiOrders(ctx, apiUserOf(request).id, request.query);
  r.get(
    "/api/v1/orders",
    {
      schema: {
        ...docs(
          "listOrders",
          "Your API orders",
          "Orders created through the API, newest first; pass nextCursor as cursor for the next page.",
          "A page of your API orders and the cursor of the next (null on the last page)",
        ),
        ...ordersSchema,
      },
    },
    listOrders,
  );
  // The spec's path (001 §7) for the same list: with an API key it is this route; without one, the seller's
  // session route of the orders module (decision 043).
  r.get(
    "/api/orders",
    {
      constraints: API_KEY_CALLER,
      schema: {
        ...docs(
          "listOrdersAtSpecPath",
          "Your API orders (the spec's path)",
          "The same list as GET /api/v1/orders, at the path the specification names. Only a request with an API " +
            "key reaches it; without one, /api/orders is the seller's own session route.",
          "A page of your API orders and the cursor of the next (null on the last page)",
        ),
        ...ordersSchema,
      },
    },
    listOrders,
  );
}

/** The API Integration page (spec 001 §2, §7): the seller's own session. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(integration.state),
    handler: async (request) => {
      const user = userOf(request);
      const [webhook, deliveries, page] = await Promise.all([
        webhookEndpointView(ctx, user.id),
        recentDeliveries(ctx, user.id),
        listApiOrders(ctx, user.id, { limit: 20 }),
      ]);
      return {
        enabled: user.apiIntegrationEnabled,
        allowed: mayUseApi(user, ctx.clock()),
        keyPrefix: user.apiKeyPrefix,
        baseUrl: ctx.config.publicUrl,
        sandboxReceiverUrl: ctx.config.sandbox ? `${ctx.config.publicUrl}/__sandbox/webhooks/receiver` : null,
        webhook,
        deliveries,
        orders: page.orders,
      };
    },
  });

  r.route({
    ...routeOf(integration.toggle),
    handler: async (request) => setApiIntegration(ctx, userOf(request), request.body.enabled),
  });

  r.route({
    ...routeOf(integration.refreshKey),
    handler: async (request) => refreshApiKey(ctx, userOf(request)),
  });

  r.route({
    ...routeOf(integration.saveWebhook),
    handler: async (request) => {
      const user = userOf(request);
      assertMayUseWebhooks(ctx, user);
      return saveWebhookEndpoint(ctx, user.id, request.body.url);
    },
  });

  r.route({
    ...routeOf(integration.deleteWebhook),
    handler: async (request, reply) => {
      await deleteWebhookEndpoint(ctx, userOf(request).id);
      return reply.status(204).send(null);
    },
  });

  r.route({
    ...routeOf(integration.testWebhook),
    handler: async (request, reply) => {
      const user = userOf(request);
      assertMayUseWebhooks(ctx, user);
      await ctx.rateLimits.consume(WEBHOOK_TEST_LIMIT, user.id);
      await sendTestEvent(ctx, user.id);
      return reply.status(202).send({ success: true as const });
    },
  });
}
