import { z } from "zod";
import { botStatusSchema } from "./bots.js";
import { gameSchema } from "./games.js";

/** The Bot API (docs/bot-api.md): what a delivery-bot agent sends and receives. */

export const BOTAPI_TEXTS = {
  invalidKey: "Invalid or missing bot key",
  orderNotFound: "Order not found",
  orderNotPending: "Order is not pending",
  notAllowedPartner: "Trade partner is not the bot owner or whitelisted",
  botNotAssigned: "Bot is not assigned to a seller",
  friendRequestNotFound: "Friend request not found",
} as const;

export function unknownCodeNameText(game: string, codeNames: string[]): string {
  return `Unknown item codeName for ${game}: ${codeNames.join(", ")}`;
}

export const createBotKeyRequestSchema = z.object({ name: z.string().trim().min(1, "is required").max(100) });
export const createBotKeyResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shown once; only its hash is stored. */
  key: z.string(),
  keyPrefix: z.string(),
});
const botKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export const botKeyListSchema = z.array(botKeySchema);
export const botKeyIdParamsSchema = z.object({ id: z.uuid() });

const botItemLineSchema = z.object({
  codeName: z.string().trim().min(1, "is required").max(100),
  quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(100_000),
});
export type BotItemLine = z.infer<typeof botItemLineSchema>;

export const botUsernameSchema = z.object({
  botUsername: z.string().trim().min(1, "is required").max(50),
});
export const botsQuerySchema = z.object({ game: gameSchema.optional() });

const botApiBotSchema = z.object({
  id: z.string(),
  botUsername: z.string(),
  game: gameSchema,
  assigned: z.boolean(),
  status: botStatusSchema,
  onlineUntil: z.string().nullable(),
});
export type BotApiBot = z.infer<typeof botApiBotSchema>;
export const botApiBotListSchema = z.array(botApiBotSchema);

export const heartbeatResponseSchema = z.object({
  botUsername: z.string(),
  status: botStatusSchema,
  onlineUntil: z.string().nullable(),
});

export const depositRequestSchema = z.object({
  botUsername: z.string().trim().min(1, "is required").max(50),
  partnerRobloxUserId: z.number().int().positive(),
  items: z.array(botItemLineSchema).min(1, "must list at least one item").max(100),
  /** The in-game trade's id: a report sent twice with the same tradeRef is credited once. */
  tradeRef: z.string().trim().min(1).max(200).optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;
export const depositResponseSchema = z.object({
  success: z.literal(true),
  depositId: z.string(),
  duplicate: z.boolean(),
  sellerId: z.string(),
  credited: z.array(z.object({ itemId: z.string(), codeName: z.string(), quantity: z.number().int() })),
});

/** An item line of an order as the bot sees it (spec 001 §3 orderItems). */
const orderItemViewSchema = z.object({
  codeName: z.string(),
  publicName: z.string(),
  quantity: z.number().int(),
  imageUrl: z.string(),
  game: gameSchema,
});

const pendingOrderSchema = z.object({
  id: z.string(),
  source: z.string(),
  game: gameSchema,
  robloxUsername: z.string().nullable(),
  robloxUserId: z.number().nullable(),
  orderItems: z.array(orderItemViewSchema),
  botUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;
export const pendingOrderListSchema = z.array(pendingOrderSchema);
export const pendingOrdersQuerySchema = z.object({ game: gameSchema.optional() });

export const orderIdParamsSchema = z.object({ orderId: z.uuid("must be an order id") });
export const completeOrderRequestSchema = z.object({ status: z.literal("completed") });
export const completeOrderResponseSchema = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), status: z.literal("completed"), completedAt: z.string() }),
});

const friendRequestWorkSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  robloxUserId: z.number(),
  robloxUsername: z.string(),
});
export const workResponseSchema = z.object({
  bot: botApiBotSchema,
  /** Roblox user ids whose trades the bot may accept as deposits: the owner and the owner's whitelist. */
  allowedPartners: z.array(z.number()),
  /** The item codeNames of the bot's game that Autodrop knows: a trade holding anything else cannot be credited. */
  codeNames: z.array(z.string()),
  orders: z.array(pendingOrderSchema),
  friendRequests: z.array(friendRequestWorkSchema),
});
export type WorkResponse = z.infer<typeof workResponseSchema>;
export const friendRequestIdParamsSchema = z.object({ id: z.uuid() });

export const robloxUserIdParamsSchema = z.object({ robloxUserId: z.coerce.number().int().positive() });
export const userByRobloxResponseSchema = z.object({
  id: z.string(),
  username: z.string(),
  robloxUserId: z.number(),
});
