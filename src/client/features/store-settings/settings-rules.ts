import type { CurrentUser } from "../../../contract/auth";
import { parseDiscordWebhookUrl } from "../../../contract/notifications";
import { hasPaidTier, type Tier } from "../../../contract/plans";
import { type DiscordSettingsRequest, SETTINGS_TEXTS } from "../../../contract/settings";

export interface DiscordForm {
  webhookUrl: string;
  enabled: boolean;
  orderCreatedEnabled: boolean;
  orderDeliveredEnabled: boolean;
  pingEveryone: boolean;
}

export function discordFormOf(user: CurrentUser): DiscordForm {
  return {
    webhookUrl: user.discordWebhookUrl ?? "",
    enabled: user.discordNotificationsEnabled,
    orderCreatedEnabled: user.discordOrderCreatedEnabled,
    orderDeliveredEnabled: user.discordOrderDeliveredEnabled,
    pingEveryone: user.discordPingEveryone,
  };
}

/**
 * Spec 000 §5: saving needs the basic or pro tier, and something to save: a switch turned on or a URL. (Clearing the
 * URL with a switch still on is how a seller removes the webhook.)
 */
export function canSaveDiscord(form: DiscordForm, tier: Tier): boolean {
  if (!hasPaidTier(tier)) return false;
  const anyEnabled =
    form.enabled || form.orderCreatedEnabled || form.orderDeliveredEnabled || form.pingEveryone;
  return anyEnabled || form.webhookUrl.trim() !== "";
}

/** Spec 000 §5: `enabled` is true only when the switch is on and a URL exists; an empty URL clears the webhook. */
export function discordPayload(form: DiscordForm): Required<Omit<DiscordSettingsRequest, "webhookUrl">> & {
  webhookUrl: string;
} {
  const webhookUrl = form.webhookUrl.trim();
  return {
    webhookUrl,
    enabled: form.enabled && webhookUrl !== "",
    orderCreatedEnabled: form.orderCreatedEnabled,
    orderDeliveredEnabled: form.orderDeliveredEnabled,
    pingEveryone: form.pingEveryone,
  };
}

/** The hint under the URL field; the server refuses the same URLs with the same text. */
export function discordUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  return trimmed === "" || parseDiscordWebhookUrl(trimmed) ? null : SETTINGS_TEXTS.invalidDiscordUrl;
}
