import { GAME_NAMES, type Game } from "../../../contract/games.js";
import type {
  LowStockNotification,
  NotificationKind,
  NotificationPayload,
  OrderNotification,
} from "../../../contract/notifications.js";
import { activeTier, hasPaidTier, type Subscription } from "../../../contract/plans.js";
import { at } from "../../db/rows.js";
import type { DiscordEmbed, DiscordEmbedField, DiscordMessage } from "../../integrations/discord/index.js";

/** The seller's Discord settings, as stored on the user. */
export interface DiscordPreferences extends Subscription {
  discordWebhookUrl: string | null;
  discordNotificationsEnabled: boolean;
  discordOrderCreatedEnabled: boolean;
  discordOrderDeliveredEnabled: boolean;
  discordPingEveryone: boolean;
}

/**
 * Whether a seller gets this kind of message: basic or pro (not expired), a webhook URL, the master switch on, and the kind's
 * own switch (low stock has none: it follows the master switch; a refund after delivery is news about a delivered
 * order, so it follows the order-delivered switch, decision 031).
 */
export function wantsNotification(prefs: DiscordPreferences, kind: NotificationKind, now: Date): boolean {
  if (
    !hasPaidTier(activeTier(prefs, now)) ||
    !prefs.discordWebhookUrl ||
    !prefs.discordNotificationsEnabled
  ) {
    return false;
  }
  if (kind === "order_created") return prefs.discordOrderCreatedEnabled;
  if (kind === "order_delivered" || kind === "order_refunded_after_delivery")
    return prefs.discordOrderDeliveredEnabled;
  return true;
}

const COLORS = { created: 0x22c55e, delivered: 0x3b82f6, refunded: 0xef4444, lowStock: 0xf59e0b } as const;
const SOURCE_NAMES: Record<string, string> = { shopify: "Shopify", api: "API" };
// Discord's limits: a field value holds at most 1024 characters, a title 256.
const FIELD_MAX = 1024;
const TITLE_MAX = 256;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function field(name: string, value: string, inline = true): DiscordEmbedField {
  return { name, value: clip(value.trim() === "" ? "-" : value, FIELD_MAX), inline };
}

function gameNames(games: string[]): string {
  return games.map((g) => GAME_NAMES[g as Game] ?? g).join(", ") || "-";
}

function orderLabel(order: OrderNotification): string {
  return order.orderNumber ? `#${order.orderNumber}` : order.orderId.slice(0, 8);
}

/**
 * As many whole lines as fit in `max` characters, then "+N more" for the lines left out, so a long order never
 * shows half an item name (only a first line too long to show whole is clipped).
 */
export function fitLines(lines: string[], max = FIELD_MAX): string {
  const all = lines.join("\n");
  if (all.length <= max) return all;
  if (lines.length === 1) return clip(all, max);
  let shown = 0;
  let used = 0;
  for (; shown < lines.length; shown++) {
    const next = used + (shown > 0 ? 1 : 0) + at(lines, shown).length;
    if (next + `\n+${lines.length - shown - 1} more`.length > max) break;
    used = next;
  }
  if (shown > 0) return `${lines.slice(0, shown).join("\n")}\n+${lines.length - shown} more`;
  const rest = `\n+${lines.length - 1} more`;
  return `${clip(at(lines, 0), max - rest.length)}${rest}`;
}

function itemLines(order: OrderNotification): string {
  return fitLines(order.items.map((i) => `${i.quantity} × ${i.name}`));
}

function orderCreatedEmbed(order: OrderNotification, at: Date): DiscordEmbed {
  return {
    title: clip(`🛒 New order ${orderLabel(order)}`, TITLE_MAX),
    description: "A new order is waiting for its buyer to claim it.",
    color: COLORS.created,
    fields: [
      field("Order", orderLabel(order)),
      field("Source", SOURCE_NAMES[order.source] ?? order.source),
      field("Total", `$${order.totalAmount}`),
      field("Game", gameNames(order.games)),
      field("Items", itemLines(order), false),
    ],
    timestamp: at.toISOString(),
  };
}

function orderDeliveredEmbed(order: OrderNotification, at: Date): DiscordEmbed {
  return {
    title: clip(`✅ Order ${orderLabel(order)} delivered`, TITLE_MAX),
    description: "The bot traded the items to the buyer in game.",
    color: COLORS.delivered,
    fields: [
      field("Order", orderLabel(order)),
      field("ROBLOX username", order.robloxUsername ?? "-"),
      field("Game", gameNames(order.games)),
      field("Items", itemLines(order), false),
    ],
    timestamp: at.toISOString(),
  };
}

function orderRefundedAfterDeliveryEmbed(order: OrderNotification, at: Date): DiscordEmbed {
  return {
    title: clip(`↩️ Order ${orderLabel(order)} delivered then refunded`, TITLE_MAX),
    description:
      "The buyer was refunded after the bot had traded them the items. The items stay with the buyer; the Orders page flags the order.",
    color: COLORS.refunded,
    fields: [
      field("Order", orderLabel(order)),
      field("ROBLOX username", order.robloxUsername ?? "-"),
      field("Total", `$${order.totalAmount}`),
      field("Game", gameNames(order.games)),
      field("Items", itemLines(order), false),
    ],
    timestamp: at.toISOString(),
  };
}

const ORDER_EMBEDS = {
  order_created: orderCreatedEmbed,
  order_delivered: orderDeliveredEmbed,
  order_refunded_after_delivery: orderRefundedAfterDeliveryEmbed,
} as const;

function lowStockEmbed(listing: LowStockNotification, at: Date): DiscordEmbed {
  return {
    title: clip(`⚠️ Out of stock: ${listing.title}`, TITLE_MAX),
    description: "This listing has no stock left. Add stock so buyers can keep ordering.",
    color: COLORS.lowStock,
    fields: [
      field("Listing", listing.title),
      field("Game", gameNames([listing.game])),
      field("Stock", String(listing.stockQuantity)),
    ],
    timestamp: at.toISOString(),
  };
}

/**
 * The Discord message for one notification. With ping-everyone on, the content carries @everyone and
 * allowed_mentions lets it ping; otherwise nothing in the message can mention anyone (parse: []), whatever an
 * item or listing name contains.
 */
export function buildDiscordMessage(
  n: NotificationPayload,
  opts: { pingEveryone: boolean; at: Date },
): DiscordMessage {
  const embed =
    n.kind === "low_stock" ? lowStockEmbed(n.payload, opts.at) : ORDER_EMBEDS[n.kind](n.payload, opts.at);
  return {
    username: "Autodrop",
    ...(opts.pingEveryone ? { content: "@everyone" } : {}),
    embeds: [embed],
    allowed_mentions: { parse: opts.pingEveryone ? ["everyone"] : [] },
  };
}
