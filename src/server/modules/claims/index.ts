import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { orderClaimedHook } from "./claimed.js";
import { publicRoutes } from "./routes.js";

export { onOrderClaimed } from "./claimed.js";
export { claimPagePreloads } from "./page-preloads.js";

/**
 * The buyer's claim (no account: every call names its order by id and e-mail, or by authKey): view, lock the
 * Roblox username, turn on the seller's bot, private server and friend request.
 */
export const claimsModule: AppModule = {
  name: "claims",
  prefixes: [
    "/api/claim/",
    "/api/orders/claim",
    "/api/orders/private-server",
    "/api/bots/turn-on",
    "/api/friend-requests",
  ],
  async plugin(app, { ctx }) {
    orderClaimedHook.define(ctx);
    await scoped(app, ctx, "public", (r) => publicRoutes(r, ctx));
  },
};
