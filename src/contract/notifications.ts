import { z } from "zod";

/**
 * What a seller can be told on Discord (decision 008: order created, order delivered, a listing out of stock; and an
 * order refunded after its delivery, decision 031).
 */
const NOTIFICATION_KINDS = [
  "order_created",
  "order_delivered",
  "order_refunded_after_delivery",
  "low_stock",
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/**
 * Discord's execute-webhook URL: https://discord.com/api/webhooks/{id}/{token}, also on discordapp.com and the
 * canary./ptb. hosts, optionally with an API version. The whole string must match: no other host, no
 * credentials, no port, no query, so a stored URL can never point our server anywhere else (no SSRF).
 */
const DISCORD_WEBHOOK_URL =
  /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api\/(?:v\d{1,2}\/)?webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})\/?$/i;

interface DiscordWebhookRef {
  id: string;
  token: string;
}

/** The webhook id and token of a Discord webhook URL, or null when the text is anything else. */
export function parseDiscordWebhookUrl(url: string): DiscordWebhookRef | null {
  const m = DISCORD_WEBHOOK_URL.exec(url.trim());
  return m?.[1] && m[2] ? { id: m[1], token: m[2] } : null;
}

/** One line of items in a message: the item's public name and how many. */
const notificationItemSchema = z.object({ name: z.string(), quantity: z.number().int() });

/** The data captured when the event happens; the message is built from it when the job runs. */
export const orderNotificationSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  source: z.string(),
  games: z.array(z.string()),
  items: z.array(notificationItemSchema),
  totalAmount: z.string(),
  robloxUsername: z.string().nullable(),
});
export type OrderNotification = z.infer<typeof orderNotificationSchema>;

export const lowStockNotificationSchema = z.object({
  listingId: z.string(),
  title: z.string(),
  game: z.string(),
  stockQuantity: z.number().int(),
});
export type LowStockNotification = z.infer<typeof lowStockNotificationSchema>;

export type NotificationPayload =
  | { kind: "order_created"; payload: OrderNotification }
  | { kind: "order_delivered" | "order_refunded_after_delivery"; payload: OrderNotification }
  | { kind: "low_stock"; payload: LowStockNotification };
