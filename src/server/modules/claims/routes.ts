import { CLAIM_RATE_LIMITS } from "../../../contract/claims.js";
import { claimsEndpoints as endpoints } from "../../../contract/endpoints/claims.js";
import { WITHDRAWAL_TEXTS } from "../../../contract/withdrawals.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
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

  r.route({
    ...routeOf(endpoints.config),
    handler: async () => ({ claimHost: ctx.config.claimHost ?? null }),
  });

  r.route({
    ...routeOf(endpoints.orderByEmail),
    ...read,
    handler: (request) => viewOrder(ctx, request.params),
  });
  r.route({
    ...routeOf(endpoints.orderByAuthKey),
    ...read,
    handler: (request) => viewOrder(ctx, request.params),
  });

  r.route({
    ...routeOf(endpoints.claimByEmail),
    ...write,
    handler: async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  });
  r.route({
    ...routeOf(endpoints.claimByAuthKey),
    ...write,
    handler: async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  });
  r.route({
    ...routeOf(endpoints.lockUsername),
    ...write,
    handler: async (request) => claimed(await lockUsername(ctx, request.body, request.body.robloxUsername)),
  });
  r.route({
    ...routeOf(endpoints.resetUsername),
    ...write,
    handler: async (request) => claimed(await resetUsername(ctx, request.body)),
  });

  r.route({
    ...routeOf(endpoints.privateServerByEmail),
    ...read,
    handler: (request) => privateServer(ctx, request.params, request.query.game),
  });
  r.route({
    ...routeOf(endpoints.privateServerByAuthKey),
    ...read,
    handler: (request) => privateServer(ctx, request.params, request.query.game),
  });

  r.route({
    ...routeOf(endpoints.turnOnBot),
    ...write,
    handler: (request) => turnOnBot(ctx, request.body, request.body.game),
  });
  r.route({
    ...routeOf(endpoints.friendRequest),
    ...write,
    handler: async (request) => {
      await requestFriendship(ctx, request.body, request.body);
      return { success: true as const };
    },
  });

  r.route({
    ...routeOf(endpoints.validateUsername),
    onRequest: ctx.rateLimits.perIp(VALIDATE_USERNAME_LIMIT),
    handler: async (request) => {
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
  });
}
