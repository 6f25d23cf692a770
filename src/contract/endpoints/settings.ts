import { defineEndpoint } from "../endpoint.js";
import {
  claimPageStyleRequestSchema,
  claimPageStyleResponseSchema,
  discordSettingsRequestSchema,
  discordSettingsResponseSchema,
} from "../settings.js";

export const settingsEndpoints = {
  discord: defineEndpoint({
    method: "POST",
    path: "/api/settings/discord-webhook",
    body: discordSettingsRequestSchema,
    response: discordSettingsResponseSchema,
  }),
  claimPageStyle: defineEndpoint({
    method: "POST",
    path: "/api/settings/claim-page-style",
    body: claimPageStyleRequestSchema,
    response: claimPageStyleResponseSchema,
  }),
};
