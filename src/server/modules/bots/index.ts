import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { adminRoutes, sellerRoutes } from "./routes.js";

export {
  type BotRow,
  botById,
  dispatchBotForOrder,
  gameRulesOf,
  privateServerLinkFor,
  queueFriendRequest,
  sellerBotForGame,
  withdrawFriendRequest,
} from "./service.js";
export { afterHeartbeat, botStatusAt, onlineTimeLeft } from "./status.js";

/** Delivery bots: the admin's pool per game, a seller's assigned bots, whitelists, Turn On windows. */
export const botsModule: AppModule = {
  name: "bots",
  prefixes: [
    "/api/bots/user",
    "/api/bots/create",
    "/api/bots/whitelist/",
    "/api/admin/bots",
    "/api/admin/game-rules",
  ],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
  },
};
