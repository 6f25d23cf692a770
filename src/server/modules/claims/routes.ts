import { z } from "zod";
import {
  CLAIM_RATE_LIMITS,
  claimByAuthKeyParamsSchema,
  claimByAuthKeyRequestSchema,
  claimByEmailParamsSchema,
  claimByEmailRequestSchema,
  claimConfigResponseSchema,
  claimOrderViewSchema,
  claimResponseSchema,
  friendRequestRequestSchema,
  friendRequestResponseSchema,
  lockUsernameRequestSchema,
  privateServerResponseSchema,
  resetUsernameRequestSchema,
  turnOnBotRequestSchema,
  turnOnBotResponseSchema,
} from "../../../contract/claims.js";
import { gameSchema } from "../../../contract/games.js";
import {
  validateUsernameRequestSchema,
  validateUsernameResponseSchema,
  WITHDRAWAL_TEXTS,
} from "../../../contract/withdrawals.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import type { RouteApp } from "../auth/index.js";
import { lookupRobloxUser } from "../roblox/index.js";
import {
  lockUsername,
  privateServer,
  requestFriendship,
  resetUsername,
  turnOnBot,
  viewOrder,
} from "./service.js";

const gameQuerySchema = z.object({ game: gameSchema.optional() });
/** Public lookup (claim page and withdrawal confirmation): limited per IP so it cannot enumerate Roblox for free. */
const VALIDATE_USERNAME_LIMIT = { name: "validate-username", points: 30, durationSeconds: 60 };

/**
 * The buyer's claim calls (spec 001 §7). Public: the buyer has no account, so every call names its order by id and
 * e-mail or by authKey, and all are limited per IP.
 */
export function publicRoutes(r: RouteApp, ctx: AppContext): void {
  const read = { onRequest: ctx.rateLimits.perIp(CLAIM_RATE_LIMITS.read) };
  const write = { onRequest: ctx.rateLimits.perIp(CLAIM_RATE_LIMITS.write) };
  const claimed = async (order: Awaited<ReturnType<typeof viewOrder>>) => ({ success: true as const, order });

  r.get("/api/claim/config", { schema: { response: { 200: claimConfigResponseSchema } } }, async () => ({
    claimHost: ctx.config.claimHost ?? null,
  }));

  r.get(
    "/api/orders/claim/:orderId/:email",
    { ...read, schema: { params: claimByEmailParamsSchema, response: { 200: claimOrderViewSchema } } },
    (request) => viewOrder(ctx, request.params),
  );
  r.get(
    "/api/orders/claim-api/:authKey",
    { ...read, schema: { params: claimByAuthKeyParamsSchema, response: { 200: claimOrderViewSchema } } },
    (request) => viewOrder(ctx, request.params),
  );

  r.post(
    "/api/orders/claim",
    { ...write, schema: { body: claimByEmailRequestSchema, response: { 200: claimResponseSchema } } },
    async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  );
  r.post(
    "/api/orders/claim-api",
    { ...write, schema: { body: claimByAuthKeyRequestSchema, response: { 200: claimResponseSchema } } },
    async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  );
  r.post(
    "/api/orders/claim/lock-username",
    { ...write, schema: { body: lockUsernameRequestSchema, response: { 200: claimResponseSchema } } },
    async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  );
  r.post(
    "/api/orders/claim/reset-username",
    { ...write, schema: { body: resetUsernameRequestSchema, response: { 200: claimResponseSchema } } },
    async (request) => claimed(await resetUsername(ctx, request.body)),
  );

  r.get(
    "/api/orders/private-server/:orderId/:email",
    {
      ...read,
      schema: {
        params: claimByEmailParamsSchema,
        querystring: gameQuerySchema,
        response: { 200: privateServerResponseSchema },
      },
    },
    (request) => privateServer(ctx, request.params, request.query.game),
  );
  r.get(
    "/api/orders/private-server-api/:authKey",
    {
      ...read,
      schema: {
        params: claimByAuthKeyParamsSchema,
        querystring: gameQuerySchema,
        response: { 200: privateServerResponseSchema },
      },
    },
    (request) => privateServer(ctx, request.params, request.query.game),
  );

  r.post(
    "/api/bots/turn-on",
    { ...write, schema: { body: turnOnBotRequestSchema, response: { 200: turnOnBotResponseSchema } } },
    (request) => turnOnBot(ctx, request.body, request.body.game),
  );
  r.post(
    "/api/friend-requests",
    {
      ...write,
      schema: { body: friendRequestRequestSchema, response: { 200: friendRequestResponseSchema } },
    },
    async (request) => {
      await requestFriendship(ctx, request.body, request.body);
      return { success: true as const };
    },
  );

  r.post(
    "/api/orders/claim/validate-username",
    {
      onRequest: ctx.rateLimits.perIp(VALIDATE_USERNAME_LIMIT),
      schema: { body: validateUsernameRequestSchema, response: { 200: validateUsernameResponseSchema } },
    },
    async (request) => {
      const username = request.body.username.trim();
      if (!username) throw badRequest(WITHDRAWAL_TEXTS.claimUsernameRequired);
      const user = await lookupRobloxUser(ctx, username);
      return {
        success: true as const,
        userId: user.id,
        username: user.name,
        displayName: user.displayName,
        imageUrl: user.imageUrl,
      };
    },
  );
}
