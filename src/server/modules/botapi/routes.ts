import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okResponseSchema } from "../../../contract/auth.js";
import {
  botApiBotListSchema,
  botKeyIdParamsSchema,
  botKeyListSchema,
  botsQuerySchema,
  botUsernameBodySchema,
  botUsernameQuerySchema,
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
import { requireAdmin } from "../auth/sessions.js";
import { completeOrder, defineOrderCompletedJob } from "../orders/completion.js";
import { actorOf, createBotKey, listBotKeys, requireBotOrAdmin, revokeBotKey } from "./keys.js";
import {
  heartbeat,
  listBots,
  listPendingOrders,
  markFriendRequestSent,
  reportDeposit,
  userByRobloxId,
  workFor,
} from "./service.js";

/**
 * The Bot API (docs/bot-api.md): the spec's admin endpoints a delivery bot calls, and what a bot needs beyond them
 * under /api/bot/. Every route takes a bot key (Authorization: Bearer) or an admin session.
 */
export async function registerBotApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin(ctx.db);
  const botOrAdmin = requireBotOrAdmin(ctx);
  defineOrderCompletedJob(ctx);

  r.post(
    "/api/admin/bot-keys",
    {
      preHandler: admin,
      schema: { body: createBotKeyRequestSchema, response: { 201: createBotKeyResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await createBotKey(ctx.db, request.body.name)),
  );
  r.get("/api/admin/bot-keys", { preHandler: admin, schema: { response: { 200: botKeyListSchema } } }, () =>
    listBotKeys(ctx.db),
  );
  r.delete(
    "/api/admin/bot-keys/:id",
    { preHandler: admin, schema: { params: botKeyIdParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await revokeBotKey(ctx.db, request.params.id);
      return { success: true as const };
    },
  );
  if (ctx.config.sandbox) {
    // Lets the reference agent (and tests) start against a sandbox server with no set-up.
    r.post(
      "/__sandbox/bot-keys",
      { schema: { body: createBotKeyRequestSchema, response: { 201: createBotKeyResponseSchema } } },
      async (request, reply) => reply.status(201).send(await createBotKey(ctx.db, request.body.name)),
    );
  }

  r.get(
    "/api/admin/orders/pending",
    {
      preHandler: botOrAdmin,
      schema: { querystring: pendingOrdersQuerySchema, response: { 200: pendingOrderListSchema } },
    },
    (request) => listPendingOrders(ctx.db, { game: request.query.game }),
  );

  r.post(
    "/api/admin/orders/:orderId/complete",
    {
      preHandler: botOrAdmin,
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
      preHandler: botOrAdmin,
      schema: { params: robloxUserIdParamsSchema, response: { 200: userByRobloxResponseSchema } },
    },
    (request) => userByRobloxId(ctx.db, request.params.robloxUserId),
  );

  r.get(
    "/api/bot/bots",
    {
      preHandler: botOrAdmin,
      schema: { querystring: botsQuerySchema, response: { 200: botApiBotListSchema } },
    },
    (request) => listBots(ctx.db, request.query.game),
  );

  r.post(
    "/api/bot/heartbeat",
    {
      preHandler: botOrAdmin,
      schema: { body: botUsernameBodySchema, response: { 200: heartbeatResponseSchema } },
    },
    (request) => heartbeat(ctx, request.body.botUsername),
  );

  r.post(
    "/api/bot/deposits",
    {
      preHandler: botOrAdmin,
      schema: { body: depositRequestSchema, response: { 200: depositResponseSchema } },
    },
    (request) => reportDeposit(ctx, request.body, actorOf(request)),
  );

  r.get(
    "/api/bot/work",
    {
      preHandler: botOrAdmin,
      schema: { querystring: botUsernameQuerySchema, response: { 200: workResponseSchema } },
    },
    (request) => workFor(ctx.db, request.query.botUsername),
  );

  r.post(
    "/api/bot/friend-requests/:id/sent",
    {
      preHandler: botOrAdmin,
      schema: { params: friendRequestIdParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await markFriendRequestSent(ctx.db, request.params.id);
      return { success: true as const };
    },
  );
}
