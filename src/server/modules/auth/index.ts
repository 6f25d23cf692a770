import type { AppModule } from "../../context.js";
import { publicRoutes, sellerRoutes } from "./routes.js";
import { scoped } from "./scopes.js";

export {
  type ApiCaller,
  apiCallerRefusal,
  apiError,
  apiKeyErrorFirst,
  apiUserOf,
  apiWriteLimit,
  rateLimitHeaders,
} from "./api-keys.js";
export { actorOf, type BotKeyIdentity } from "./bot-keys.js";
export { API_KEY_CALLER, type RouteApp, routeByCaller, scoped } from "./scopes.js";
export {
  currentUser,
  deleteExpiredLogins,
  hashToken,
  type SessionUser,
  sessionHashOf,
  sessionIsLive,
  userOf,
} from "./sessions.js";
export { lockUser, userById, userByRobloxId, usersByIds } from "./users.js";

/** Roblox login (verification phrase), sessions, and the auth scopes every other module's routes sit in. */
export const authModule: AppModule = {
  name: "auth",
  prefixes: ["/api/auth/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "public", (r) => publicRoutes(r, ctx));
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
