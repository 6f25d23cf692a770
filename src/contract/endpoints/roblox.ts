import { defineEndpoint } from "../endpoint.js";
import { avatarParamsSchema, avatarQuerySchema } from "../roblox.js";

export const robloxEndpoints = {
  /** A redirect to the user's Roblox headshot: an image's `src`, not a JSON call. */
  avatar: defineEndpoint({
    method: "GET",
    path: "/api/roblox/avatar/:userId",
    params: avatarParamsSchema,
    query: avatarQuerySchema,
    response: null,
  }),
};
