import { z } from "zod";
import { okResponseSchema } from "../auth.js";
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
} from "../bots.js";
import { defineEndpoint } from "../endpoint.js";

export const botsEndpoints = {
  sellerBots: defineEndpoint({ method: "GET", path: "/api/bots/user", response: botsUserResponseSchema }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/bots/create",
    body: createBotRequestSchema,
    response: createBotResponseSchema,
  }),
  whitelistAdd: defineEndpoint({
    method: "POST",
    path: "/api/bots/whitelist/add",
    body: whitelistAddRequestSchema,
    response: whitelistAddResponseSchema,
  }),
  whitelistRemove: defineEndpoint({
    method: "DELETE",
    path: "/api/bots/whitelist/:username",
    params: whitelistUsernameParamsSchema,
    response: okResponseSchema,
  }),
  adminList: defineEndpoint({ method: "GET", path: "/api/admin/bots", response: adminBotListSchema }),
  adminCreate: defineEndpoint({
    method: "POST",
    path: "/api/admin/bots",
    body: createBotsRequestSchema,
    response: createBotsResponseSchema,
  }),
  adminDelete: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/bots/:id",
    params: z.object({ id: z.uuid() }),
    response: okResponseSchema,
  }),
  gameRules: defineEndpoint({ method: "GET", path: "/api/admin/game-rules", response: gameRulesListSchema }),
  createGameRules: defineEndpoint({
    method: "POST",
    path: "/api/admin/game-rules",
    body: gameRulesCreateSchema,
    response: gameRulesSchema,
  }),
  updateGameRules: defineEndpoint({
    method: "PUT",
    path: "/api/admin/game-rules/:game",
    params: gameParamsSchema,
    body: gameRulesUpdateSchema,
    response: gameRulesSchema,
  }),
};
