import { eq } from "drizzle-orm";
import { parseDiscordWebhookUrl } from "../../../contract/notifications.js";
import { activeTier, hasPaidTier, type Tier } from "../../../contract/plans.js";
import {
  type ClaimPageStyle,
  type DiscordSettings,
  type DiscordSettingsRequest,
  SETTINGS_TEXTS,
} from "../../../contract/settings.js";
import type { AppContext } from "../../context.js";
import { users } from "../../db/schema/auth.js";
import { badRequest, forbidden } from "../../http/errors.js";
import type { SessionUser } from "../auth/index.js";

/**
 * The Discord section's rules (spec 000 §5): basic or pro only; the URL must be a Discord webhook URL, or empty to
 * clear it (which also turns notifications off); enabling needs a URL. Absent switches keep their value.
 */
export function nextDiscordSettings(
  current: DiscordSettings,
  tier: Tier,
  body: DiscordSettingsRequest,
): DiscordSettings {
  if (!hasPaidTier(tier)) throw forbidden(SETTINGS_TEXTS.discordTierRequired);
  const rawUrl = body.webhookUrl === undefined ? current.webhookUrl : body.webhookUrl;
  const webhookUrl = rawUrl?.trim() ? rawUrl.trim() : null;
  if (webhookUrl !== null && !parseDiscordWebhookUrl(webhookUrl))
    throw badRequest(SETTINGS_TEXTS.invalidDiscordUrl);
  const enabled = body.enabled ?? false;
  if (enabled && webhookUrl === null) throw badRequest(SETTINGS_TEXTS.discordUrlRequired);
  return {
    webhookUrl,
    enabled,
    orderCreatedEnabled: body.orderCreatedEnabled ?? current.orderCreatedEnabled,
    orderDeliveredEnabled: body.orderDeliveredEnabled ?? current.orderDeliveredEnabled,
    pingEveryone: body.pingEveryone ?? current.pingEveryone,
  };
}

function discordSettingsOf(user: SessionUser): DiscordSettings {
  return {
    webhookUrl: user.discordWebhookUrl,
    enabled: user.discordNotificationsEnabled,
    orderCreatedEnabled: user.discordOrderCreatedEnabled,
    orderDeliveredEnabled: user.discordOrderDeliveredEnabled,
    pingEveryone: user.discordPingEveryone,
  };
}

/** POST /api/settings/discord-webhook. */
export async function saveDiscordSettings(
  ctx: AppContext,
  user: SessionUser,
  body: DiscordSettingsRequest,
): Promise<DiscordSettings> {
  const next = nextDiscordSettings(discordSettingsOf(user), activeTier(user, ctx.clock()), body);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        discordWebhookUrl: next.webhookUrl,
        discordNotificationsEnabled: next.enabled,
        discordOrderCreatedEnabled: next.orderCreatedEnabled,
        discordOrderDeliveredEnabled: next.orderDeliveredEnabled,
        discordPingEveryone: next.pingEveryone,
      })
      .where(eq(users.id, user.id));
    await ctx.events.publish({ userId: user.id, type: "user" }, tx);
  });
  return next;
}

/** POST /api/settings/claim-page-style: pro only; the style was validated by the contract's schema. */
export async function saveClaimPageStyle(
  ctx: AppContext,
  user: SessionUser,
  style: ClaimPageStyle,
): Promise<ClaimPageStyle> {
  if (activeTier(user, ctx.clock()) !== "pro") throw forbidden(SETTINGS_TEXTS.claimStyleTierRequired);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ customClaimPageStyle: style }).where(eq(users.id, user.id));
    await ctx.events.publish({ userId: user.id, type: "user" }, tx);
  });
  return style;
}
