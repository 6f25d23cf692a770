import type { FastifyInstance } from "fastify";
import { type CryptoProvider, createCryptoProvider, registerPlisioSandbox } from "./crypto/index.js";
import { createDiscordProvider, type DiscordProvider, registerDiscordSandbox } from "./discord/index.js";
import type { ProviderDeps } from "./provider.js";
import {
  createRobloxProvider,
  type RobloxProvider,
  registerRobloxGameSandbox,
  registerRobloxSandbox,
} from "./roblox/index.js";
import { registerSandboxHome, type SandboxContext } from "./sandbox-home.js";
import { createShopifyProvider, registerShopifySandbox, type ShopifyProvider } from "./shopify/index.js";
import { createWebhookProvider, registerWebhookSandbox, type WebhookProvider } from "./webhooks/index.js";

export { createHttpFetch } from "./fetch.js";

/** Every external service the app talks to, each behind its interface; reached as `ctx.providers.<name>`. */
export interface Providers {
  roblox: RobloxProvider;
  shopify: ShopifyProvider;
  discord: DiscordProvider;
  crypto: CryptoProvider;
  /** Sellers' own HTTPS endpoints (the public API's outgoing webhooks). */
  webhooks: WebhookProvider;
}

/** Builds every provider once, at start: each speaks its real service's wire format to the configured base URL. */
export function createProviders(deps: ProviderDeps): Providers {
  return {
    roblox: createRobloxProvider(deps),
    shopify: createShopifyProvider(deps),
    discord: createDiscordProvider(deps),
    crypto: createCryptoProvider(deps),
    webhooks: createWebhookProvider(deps),
  };
}

/** The in-process emulators under /__sandbox; registered only when SANDBOX is on. */
export async function registerSandboxes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  await registerSandboxHome(app, ctx);
  await registerRobloxSandbox(app, ctx);
  await registerRobloxGameSandbox(app, ctx);
  await registerDiscordSandbox(app, ctx);
  await registerShopifySandbox(app, ctx);
  await registerPlisioSandbox(app, ctx);
  await registerWebhookSandbox(app, ctx);
}
