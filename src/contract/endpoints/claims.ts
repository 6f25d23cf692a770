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

const gameQuerySchema = z.object({ game: gameSchema.optional() });

/** The buyer's claim calls (spec 001 §7): each names its order by id and e-mail or by the API order's authKey. */
export const claimsEndpoints = {
  config: defineEndpoint({ method: "GET", path: "/api/claim/config", response: claimConfigResponseSchema }),
  orderByEmail: defineEndpoint({
    method: "GET",
    path: "/api/orders/claim/:orderId/:email",
    params: claimByEmailParamsSchema,
    response: claimOrderViewSchema,
  }),
  orderByAuthKey: defineEndpoint({
    method: "GET",
    path: "/api/orders/claim-api/:authKey",
    params: claimByAuthKeyParamsSchema,
    response: claimOrderViewSchema,
  }),
  claimByEmail: defineEndpoint({
    method: "POST",
    path: "/api/orders/claim",
    body: claimByEmailRequestSchema,
    response: claimResponseSchema,
  }),
  claimByAuthKey: defineEndpoint({
    method: "POST",
    path: "/api/orders/claim-api",
    body: claimByAuthKeyRequestSchema,
    response: claimResponseSchema,
  }),
  lockUsername: defineEndpoint({
    method: "POST",
    path: "/api/orders/claim/lock-username",
    body: lockUsernameRequestSchema,
    response: claimResponseSchema,
  }),
  resetUsername: defineEndpoint({
    method: "POST",
    path: "/api/orders/claim/reset-username",
    body: resetUsernameRequestSchema,
    response: claimResponseSchema,
  }),
  privateServerByEmail: defineEndpoint({
    method: "GET",
    path: "/api/orders/private-server/:orderId/:email",
    params: claimByEmailParamsSchema,
    query: gameQuerySchema,
    response: privateServerResponseSchema,
  }),
  privateServerByAuthKey: defineEndpoint({
    method: "GET",
    path: "/api/orders/private-server-api/:authKey",
    params: claimByAuthKeyParamsSchema,
    query: gameQuerySchema,
    response: privateServerResponseSchema,
  }),
  turnOnBot: defineEndpoint({
    method: "POST",
    path: "/api/bots/turn-on",
    body: turnOnBotRequestSchema,
    response: turnOnBotResponseSchema,
  }),
  friendRequest: defineEndpoint({
    method: "POST",
    path: "/api/friend-requests",
    body: friendRequestRequestSchema,
    response: friendRequestResponseSchema,
  }),
  /** Public: the claim page and the withdrawal dialog both confirm a ROBLOX account with it. */
  validateUsername: defineEndpoint({
    method: "POST",
    path: "/api/orders/claim/validate-username",
    body: validateUsernameRequestSchema,
    response: validateUsernameResponseSchema,
  }),
};
