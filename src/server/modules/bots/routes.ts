import { botsEndpoints as endpoints } from "../../../contract/endpoints/bots.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
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
  r.route({ ...routeOf(endpoints.sellerBots), handler: (request) => sellerBots(ctx, userOf(request).id) });

  r.route({
    ...routeOf(endpoints.create),
    handler: async (request) => ({
      success: true as const,
      bot: await createSellerBot(ctx, userOf(request).id, request.body.game),
    }),
  });

  r.route({
    ...routeOf(endpoints.whitelistAdd),
    handler: async (request) => ({
      success: true as const,
      user: await addToWhitelist(ctx, userOf(request).id, request.body.robloxUsername),
    }),
  });

  r.route({
    ...routeOf(endpoints.whitelistRemove),
    handler: async (request) => {
      await removeFromWhitelist(ctx, userOf(request).id, request.params.username);
      return { success: true as const };
    },
  });
}

/** The pool of bot accounts and each game's rules. */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.adminList), handler: () => listPoolBots(ctx) });

  r.route({
    ...routeOf(endpoints.adminCreate),
    handler: async (request) => ({
      success: true as const,
      ...(await addPoolBots(ctx, auditActorOf(request), request.body.game, request.body)),
    }),
  });

  r.route({
    ...routeOf(endpoints.adminDelete),
    handler: async (request) => {
      await deletePoolBot(ctx, auditActorOf(request), request.params.id);
      return { success: true as const };
    },
  });

  r.route({ ...routeOf(endpoints.gameRules), handler: () => listGameRules(ctx.db) });

  r.route({
    ...routeOf(endpoints.createGameRules),
    handler: (request) => {
      const { game, ...patch } = request.body;
      return saveGameRules(ctx, auditActorOf(request), game, patch);
    },
  });

  r.route({
    ...routeOf(endpoints.updateGameRules),
    handler: (request) => saveGameRules(ctx, auditActorOf(request), request.params.game, request.body),
  });
}
