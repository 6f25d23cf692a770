import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerDiscordSandbox } from "./discord/sandbox.js";
import { registerRobloxSandbox } from "./roblox/sandbox.js";
import { registerRobloxGameSandbox } from "./roblox/sandbox-game.js";
import { registerSandboxHome } from "./sandbox-home.js";
import { registerShopifySandbox } from "./shopify/sandbox.js";

/** The in-process emulators under /__sandbox; registered only when SANDBOX is on. */
export async function registerSandboxes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSandboxHome(app, ctx);
  await registerRobloxSandbox(app, ctx);
  await registerRobloxGameSandbox(app, ctx);
  await registerDiscordSandbox(app, ctx);
  await registerShopifySandbox(app, ctx);
}
