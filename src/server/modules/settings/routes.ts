import { settingsEndpoints as endpoints } from "../../../contract/endpoints/settings.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { saveClaimPageStyle, saveDiscordSettings } from "./service.js";

/** Store Settings: Discord notifications and the claim page style (spec 000 §2, §5, §7). */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.discord),
    handler: async (request) => ({
      success: true as const,
      ...(await saveDiscordSettings(ctx, userOf(request), request.body)),
    }),
  });

  r.route({
    ...routeOf(endpoints.claimPageStyle),
    handler: async (request) => ({
      success: true as const,
      style: await saveClaimPageStyle(ctx, userOf(request), request.body.style),
    }),
  });
}
