import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { publicRoutes } from "./routes.js";

export { findRobloxUserByName, lookupRobloxUser } from "./service.js";

/** Roblox users as the app's rules need them (lookups that turn an outage into a 503) and the avatar redirect. */
export const robloxModule: AppModule = {
  name: "roblox",
  prefixes: ["/api/roblox/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "public", (r) => publicRoutes(r, ctx));
  },
};
