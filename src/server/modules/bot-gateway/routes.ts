import { okResponseSchema } from "../../../contract/auth.js";
import {
  botApiBotListSchema,
  botKeyIdParamsSchema,
  botKeyListSchema,
  botsQuerySchema,
  botUsernameSchema,
  completeOrderRequestSchema,
  completeOrderResponseSchema,
  createBotKeyRequestSchema,
  createBotKeyResponseSchema,
  depositRequestSchema,
  depositResponseSchema,
  friendRequestIdParamsSchema,
  heartbeatResponseSchema,
  orderIdParamsSchema,
  pendingOrderListSchema,
  pendingOrdersQuerySchema,
  robloxUserIdParamsSchema,
  userByRobloxResponseSchema,
  workResponseSchema,
} from "../../../contract/botapi.js";
import type { AppContext } from "../../context.js";
import { auditActorOf } from "../admin/index.js";
import { actorOf, type RouteApp } from "../auth/index.js";
import { completeOrder } from "../orders/index.js";
import { createBotKey, listBotKeys, revokeBotKey } from "./keys.js";
import {
  heartbeat,
  listBots,
  listPendingOrders,
  markFriendRequestSent,
  reportDeposit,
  userWithRobloxId,
  workFor,
} from "./service.js";

/** The admin's bot keys. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    "/api/admin/bot-keys",
    {
      schema: { body: createBotKeyRequestSchema, response: { 201: createBotKeyResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createBotKey(ctx, auditActorOf(request), request.body.name)),
  );
  r.get("/api/admin/bot-keys", { schema: { response: { 200: botKeyListSchema } } }, () =>
    listBotKeys(ctx.db),
  );
  r.delete(
    "/api/admin/bot-keys/:id",
    { schema: { params: botKeyIdParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await revokeBotKey(ctx, auditActorOf(request), request.params.id);
      return { success: true as const };
    },
  );
}

/** Sandbox mode only: lets the reference agent (and tests) start against a sandbox server with no set-up. */
export function sandboxRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    "/__sandbox/bot-keys",
    { schema: { body: createBotKeyRequestSchema, response: { 201: createBotKeyResponseSchema } } },
    async (request, reply) => reply.status(201).send(await createBotKey(ctx, null, request.body.name)),
  );
}

/**
 * The Bot API (docs/bot-api.md): the spec's admin endpoints a delivery bot calls, and what a bot needs beyond them
 * under /api/bot/. Every route takes a bot key (Authorization: Bearer) or an admin session.
 */
export function botRoutes(r: RouteApp, ctx: AppContext): void {
  r.get(
    "/api/admin/orders/pending",
    {
      schema: { querystring: pendingOrdersQuerySchema, response: { 200: pendingOrderListSchema } },
    },
    (request) => listPendingOrders(ctx.db, { game: request.query.game }),
  );

  r.post(
    "/api/admin/orders/:orderId/complete",
    {
      schema: {
        params: orderIdParamsSchema,
        body: completeOrderRequestSchema,
        response: { 200: completeOrderResponseSchema },
      },
    },
    async (request) => {
      const done = await completeOrder(ctx, request.params.orderId);
      request.log.info({ orderId: done.id, actor: actorOf(request) }, "order completed");
      return {
        success: true as const,
        order: { id: done.id, status: "completed" as const, completedAt: done.completedAt.toISOString() },
      };
    },
  );

  r.get(
    "/api/users/by-roblox/:robloxUserId",
    {
      schema: { params: robloxUserIdParamsSchema, response: { 200: userByRobloxResponseSchema } },
    },
    (request) => userWithRobloxId(ctx.db, request.params.robloxUserId),
  );

  r.get(
    "/api/bot/bots",
    {
      schema: { querystring: botsQuerySchema, response: { 200: botApiBotListSchema } },
    },
    (request) => listBots(ctx, request.query.game),
  );

  r.post(
    "/api/bot/heartbeat",
    {
      schema: { body: botUsernameSchema, response: { 200: heartbeatResponseSchema } },
    },
    (request) => heartbeat(ctx, request.body.botUsername),
  );

  r.post(
    "/api/bot/deposits",
    {
      schema: { body: depositRequestSchema, response: { 200: depositResponseSchema } },
    },
    (request) => reportDeposit(ctx, request.body, actorOf(request)),
  );

  r.get(
    "/api/bot/work",
    {
      schema: { querystring: botUsernameSchema, response: { 200: workResponseSchema } },
    },
    (request) => workFor(ctx, request.query.botUsername),
  );

  r.post(
    "/api/bot/friend-requests/:id/sent",
    {
      schema: { params: friendRequestIdParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await markFriendRequestSent(ctx, request.params.id);
      return { success: true as const };
    },
  );
}
