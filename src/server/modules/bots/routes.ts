import { z } from "zod";
import { okResponseSchema } from "../../../contract/auth.js";
import {
  adminBotListSchema,
  botsUserResponseSchema,
  createBotRequestSchema,
  createBotResponseSchema,
  createBotsRequestSchema,
  createBotsResponseSchema,
  gameParamsSchema,
  gameRulesCreateSchema,
  gameRulesListSchema,
  gameRulesSchema,
  gameRulesUpdateSchema,
  whitelistAddRequestSchema,
  whitelistAddResponseSchema,
  whitelistUsernameParamsSchema,
} from "../../../contract/bots.js";
import type { AppContext } from "../../context.js";
import { auditActorOf } from "../admin/index.js";
import { type RouteApp, userOf } from "../auth/index.js";
import {
  addPoolBots,
  addToWhitelist,
  createSellerBot,
  deletePoolBot,
  listGameRules,
  listPoolBots,
  removeFromWhitelist,
  saveGameRules,
  sellerBots,
} from "./service.js";

/** The seller's bots and trade whitelist. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/bots/user", { schema: { response: { 200: botsUserResponseSchema } } }, (request) =>
    sellerBots(ctx.db, userOf(request).id),
  );

  r.post(
    "/api/bots/create",
    {
      schema: { body: createBotRequestSchema, response: { 200: createBotResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      bot: await createSellerBot(ctx, userOf(request).id, request.body.game),
    }),
  );

  r.post(
    "/api/bots/whitelist/add",
    {
      schema: { body: whitelistAddRequestSchema, response: { 200: whitelistAddResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      user: await addToWhitelist(ctx, userOf(request).id, request.body.robloxUsername),
    }),
  );

  r.delete(
    "/api/bots/whitelist/:username",
    {
      schema: { params: whitelistUsernameParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await removeFromWhitelist(ctx, userOf(request).id, request.params.username);
      return { success: true as const };
    },
  );
}

/** The pool of bot accounts and each game's rules. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.get("/api/admin/bots", { schema: { response: { 200: adminBotListSchema } } }, () => listPoolBots(ctx.db));

  r.post(
    "/api/admin/bots",
    {
      schema: { body: createBotsRequestSchema, response: { 200: createBotsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await addPoolBots(ctx, auditActorOf(request), request.body.game, request.body)),
    }),
  );

  r.delete(
    "/api/admin/bots/:id",
    {
      schema: { params: z.object({ id: z.uuid() }), response: { 200: okResponseSchema } },
    },
    async (request) => {
      await deletePoolBot(ctx, auditActorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  r.get("/api/admin/game-rules", { schema: { response: { 200: gameRulesListSchema } } }, () =>
    listGameRules(ctx.db),
  );

  r.post(
    "/api/admin/game-rules",
    { schema: { body: gameRulesCreateSchema, response: { 200: gameRulesSchema } } },
    (request) => {
      const { game, ...patch } = request.body;
      return saveGameRules(ctx, auditActorOf(request), game, patch);
    },
  );

  r.put(
    "/api/admin/game-rules/:game",
    {
      schema: { params: gameParamsSchema, body: gameRulesUpdateSchema, response: { 200: gameRulesSchema } },
    },
    (request) => saveGameRules(ctx, auditActorOf(request), request.params.game, request.body),
  );
}
