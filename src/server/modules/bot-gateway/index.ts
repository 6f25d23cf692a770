import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { adminRoutes, botRoutes, sandboxRoutes } from "./routes.js";

/** The Bot API a delivery-bot agent calls with its key (docs/bot-api.md), and the admin's bot keys. */
export const botGatewayModule: AppModule = {
  name: "bot-gateway",
  prefixes: [
    "/api/bot/",
    "/api/admin/bot-keys",
    "/api/admin/orders/",
    "/api/users/by-roblox/",
    "/__sandbox/bot-keys",
  ],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
    await scoped(app, ctx, "bot", (r) => botRoutes(r, ctx));
    if (ctx.config.sandbox) await scoped(app, ctx, "public", (r) => sandboxRoutes(r, ctx));
  },
};
