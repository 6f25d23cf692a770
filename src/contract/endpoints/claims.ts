import { z } from "zod";
import {
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
} from "../claims.js";
import { defineEndpoint } from "../endpoint.js";
import { gameSchema } from "../games.js";
import { validateUsernameRequestSchema, validateUsernameResponseSchema } from "../withdrawals.js";
import { claimRoutes } from "./claim-routes.js";

const gameQuerySchema = z.object({ game: gameSchema.optional() });

/** The buyer's claim calls (spec 001 §7): each names its order by id and e-mail or by the API order's authKey. */
export const claimsEndpoints = {
  config: defineEndpoint({ ...claimRoutes.config, response: claimConfigResponseSchema }),
  orderByEmail: defineEndpoint({
    ...claimRoutes.orderByEmail,
    params: claimByEmailParamsSchema,
    response: claimOrderViewSchema,
  }),
  orderByAuthKey: defineEndpoint({
    ...claimRoutes.orderByAuthKey,
    params: claimByAuthKeyParamsSchema,
    response: claimOrderViewSchema,
  }),
  claimByEmail: defineEndpoint({
    ...claimRoutes.claimByEmail,
    body: claimByEmailRequestSchema,
    response: claimResponseSchema,
  }),
  claimByAuthKey: defineEndpoint({
    ...claimRoutes.claimByAuthKey,
    body: claimByAuthKeyRequestSchema,
    response: claimResponseSchema,
  }),
  lockUsername: defineEndpoint({
    ...claimRoutes.lockUsername,
    body: lockUsernameRequestSchema,
    response: claimResponseSchema,
  }),
  resetUsername: defineEndpoint({
    ...claimRoutes.resetUsername,
    body: resetUsernameRequestSchema,
    response: claimResponseSchema,
  }),
  privateServerByEmail: defineEndpoint({
    ...claimRoutes.privateServerByEmail,
    params: claimByEmailParamsSchema,
    query: gameQuerySchema,
    response: privateServerResponseSchema,
  }),
  privateServerByAuthKey: defineEndpoint({
    ...claimRoutes.privateServerByAuthKey,
    params: claimByAuthKeyParamsSchema,
    query: gameQuerySchema,
    response: privateServerResponseSchema,
  }),
  turnOnBot: defineEndpoint({
    ...claimRoutes.turnOnBot,
    body: turnOnBotRequestSchema,
    response: turnOnBotResponseSchema,
  }),
  friendRequest: defineEndpoint({
    ...claimRoutes.friendRequest,
    body: friendRequestRequestSchema,
    response: friendRequestResponseSchema,
  }),
  /** Public: the claim page and the withdrawal dialog both confirm a ROBLOX account with it. */
  validateUsername: defineEndpoint({
    ...claimRoutes.validateUsername,
    body: validateUsernameRequestSchema,
    response: validateUsernameResponseSchema,
  }),
};
