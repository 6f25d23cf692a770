import type { ProviderDeps } from "../provider.js";
import { DiscordClient, type DiscordMessage } from "./client.js";

export {
  type DiscordEmbed,
  type DiscordEmbedField,
  type DiscordMessage,
  DiscordRateLimitError,
  DiscordWebhookError,
} from "./client.js";
export { registerDiscordSandbox } from "./sandbox.js";

/** Discord as the app uses it: execute a seller's webhook. */
export interface DiscordProvider {
  /** Throws DiscordRateLimitError on 429 (with retry_after) and DiscordWebhookError on any other refusal. */
  executeWebhook(webhookUrl: string, message: DiscordMessage): Promise<void>;
}

/** The Discord provider for this config: discord.com, or the sandbox emulator. */
export function createDiscordProvider({ config, fetch }: ProviderDeps): DiscordProvider {
  return new DiscordClient(fetch, config.services.discordApi);
}
