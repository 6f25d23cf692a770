import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  claimPageStyleRequestSchema,
  claimPageStyleResponseSchema,
  discordSettingsRequestSchema,
  discordSettingsResponseSchema,
} from "../../../contract/settings.js";
import type { AppContext } from "../../context.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { saveClaimPageStyle, saveDiscordSettings } from "./service.js";

/** Store Settings: Discord notifications and the claim page style (spec 000 §2, §5, §7). */
export async function registerSettings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const seller = requireUser(ctx.db);

  r.post(
    "/api/settings/discord-webhook",
    {
      preHandler: seller,
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
      preHandler: seller,
      schema: { body: claimPageStyleRequestSchema, response: { 200: claimPageStyleResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      style: await saveClaimPageStyle(ctx, userOf(request), request.body.style),
    }),
  );
}
