import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerAuth } from "./auth/routes.js";
import { registerBotApi } from "./botapi/routes.js";
import { registerBots } from "./bots/routes.js";
import { registerClaims } from "./claims/routes.js";
import { registerDashboard } from "./dashboard/routes.js";
import { registerEvents } from "./events/routes.js";
import { registerInventory } from "./inventory/routes.js";
import { registerItemImages } from "./items/images.js";
import { registerItems } from "./items/routes.js";
import { registerListings } from "./listings/routes.js";
import { registerMaintenance } from "./maintenance/routes.js";
import { registerNotifications } from "./notifications/jobs.js";
import { registerOrders } from "./orders/routes.js";
import { registerRoblox } from "./roblox/routes.js";
import { registerSettings } from "./settings/routes.js";
import { registerSetup } from "./setup/routes.js";
import { registerShopify } from "./shopify/routes.js";
import { registerStats } from "./stats/routes.js";
import { registerWithdrawals } from "./withdrawals/routes.js";

/** Every domain module registers its routes here (one line each). */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAuth(app, ctx);
  await registerRoblox(app, ctx);
  await registerStats(app, ctx);
  await registerMaintenance(app, ctx);
  await registerItemImages(app, ctx);
  await registerItems(app, ctx);
  await registerInventory(app, ctx);
  await registerEvents(app, ctx);
  await registerBots(app, ctx);
  await registerWithdrawals(app, ctx);
  await registerBotApi(app, ctx);
  await registerClaims(app, ctx);
  await registerSettings(app, ctx);
  await registerNotifications(app, ctx);
  await registerOrders(app, ctx);
  await registerShopify(app, ctx);
  await registerListings(app, ctx);
  await registerDashboard(app, ctx);
  await registerSetup(app, ctx);
}
