import {
  claimPageStyleRequestSchema,
  claimPageStyleResponseSchema,
  discordSettingsRequestSchema,
  discordSettingsResponseSchema,
} from "../../../contract/settings.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { saveClaimPageStyle, saveDiscordSettings } from "./service.js";

/** Store Settings: Discord notifications and the claim page style (spec 000 §2, §5, §7). */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    "/api/settings/discord-webhook",
    {
      schema: { body: discordSettingsRequestSchema, response: { 200: discordSettingsResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await saveDiscordSettings(ctx, userOf(request), request.body)),
    }),
  );

  r.post(
    "/api/settings/claim-page-style",
    {
      schema: { body: claimPageStyleRequestSchema, response: { 200: claimPageStyleResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      style: await saveClaimPageStyle(ctx, userOf(request), request.body.style),
    }),
  );
}
