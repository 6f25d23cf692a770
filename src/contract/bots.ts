import { z } from "zod";
import { robloxUsernameSchema } from "./auth.js";
import { type Game, gameSchema } from "./games.js";
import type { OrderStatus } from "./orders.js";

export const BOT_STATUSES = ["online", "pending_online", "offline"] as const;
export const botStatusSchema = z.enum(BOT_STATUSES);
export type BotStatus = z.infer<typeof botStatusSchema>;

/** Roblox place ids of the three games: the fallback private-server link when an admin has set none. */
export const GAME_PLACE_IDS: Record<Game, string> = {
  mm2: "142823291",
  bubblegumsimulator: "85896571713843",
  growagarden: "126884695634066",
};

export const BOT_TEXTS = {
  alreadyHaveBot: "You already have a bot for this game",
  noBotsAvailable: "No bots available for this game right now. Please try again later.",
  robloxUserNotFound: "ROBLOX user not found",
  whitelistFull: "Whitelist is full (maximum 10 users)",
  alreadyWhitelisted: "User is already whitelisted",
  notWhitelisted: "User is not whitelisted",
  botNotFound: "Bot not found",
  botExists: "A bot with this username already exists",
  botHasOpenOrders: (n: number) =>
    `This bot is assigned to a seller with ${n} open ${n === 1 ? "order" : "orders"} of its game; it can be deleted once ${n === 1 ? "it is" : "they are"} completed`,
} as const;

/** Orders a buyer can still claim or a bot still has to deliver. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["unclaimed", "pending"];

/** A seller's bot (spec 000 §3). onlineTimeLeft: when the online window ends (ISO), null while offline. */
const sellerBotSchema = z.object({
  id: z.string(),
  game: gameSchema,
  botUsername: z.string(),
  status: botStatusSchema,
  onlineTimeLeft: z.string().nullable(),
  privateServerLink: z.string(),
});
export type SellerBot = z.infer<typeof sellerBotSchema>;

const whitelistedUserSchema = z.object({
  id: z.string(),
  robloxUsername: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type WhitelistedUser = z.infer<typeof whitelistedUserSchema>;

export const botsUserResponseSchema = z.object({
  bots: z.array(sellerBotSchema),
  whitelistedUsers: z.array(whitelistedUserSchema),
});
export type BotsUserResponse = z.infer<typeof botsUserResponseSchema>;

export const createBotRequestSchema = z.object({ game: gameSchema });
export const createBotResponseSchema = z.object({ success: z.literal(true), bot: sellerBotSchema });

export const whitelistAddRequestSchema = z.object({ robloxUsername: robloxUsernameSchema });
export const whitelistAddResponseSchema = z.object({ success: z.literal(true), user: whitelistedUserSchema });
export const whitelistUsernameParamsSchema = z.object({ username: z.string().trim().min(1).max(50) });

/** Admin: the pool of bot accounts (spec 001 §3 Deposit bot). */
const adminBotSchema = z.object({
  id: z.string(),
  botUsername: z.string(),
  game: gameSchema,
  isAvailable: z.boolean(),
  assignedUsername: z.string().nullable(),
  status: botStatusSchema,
  privateServerLink: z.string().nullable(),
});
export type AdminBot = z.infer<typeof adminBotSchema>;
export const adminBotListSchema = z.array(adminBotSchema);

const botAccountNameSchema = z.string().trim().min(1, "is required").max(50);
/** One username, or several in botUsernames (one per line). */
export const createBotsRequestSchema = z.union([
  z.object({ game: gameSchema, botUsername: botAccountNameSchema }),
  z.object({ game: gameSchema, botUsernames: z.string().max(20_000) }),
]);
export const createBotsResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  /** Names skipped: written twice, or already in the pool. */
  duplicates: z.array(z.string()),
  blankLines: z.number().int(),
});

/** Empty text clears the link; otherwise an http(s) URL. */
const privateServerLinkSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/i, "must be an http(s) URL")
    .nullable(),
);
const limitSchema = z.number().int("must be a whole number").min(1, "must be at least 1").nullable();

/** Game rules (spec 001 §3) plus the per-game private-server link. Omitted fields keep their value; null clears. */
export const gameRulesUpdateSchema = z.object({
  maxUniqueItems: limitSchema.optional(),
  maxItemsPerListing: limitSchema.optional(),
  privateServerLink: privateServerLinkSchema.optional(),
});
export const gameRulesCreateSchema = gameRulesUpdateSchema.extend({ game: gameSchema });
export const gameParamsSchema = z.object({ game: gameSchema });

export const gameRulesSchema = z.object({
  game: gameSchema,
  maxUniqueItems: z.number().int().nullable(),
  maxItemsPerListing: z.number().int().nullable(),
  privateServerLink: z.string().nullable(),
});
export type GameRules = z.infer<typeof gameRulesSchema>;
export const gameRulesListSchema = z.array(gameRulesSchema);
