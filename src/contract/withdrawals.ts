import { z } from "zod";
import { gameSchema } from "./games.js";

/** Exact texts of spec 000 §5 and the server's refusals. */
export const WITHDRAWAL_TEXTS = {
  tierRequired: "Withdrawals require a Basic or Pro subscription",
  noItems: "Please select at least one item",
  mixedGames: "Cannot mix items from different games",
  noUsername: "Please enter your ROBLOX username",
  alreadyPending: "You already have a pending withdrawal",
  notFound: "Withdrawal not found",
  notOpen: "This withdrawal is already completed",
  itemNotFound: "Item not found",
  robloxUserNotFound: "ROBLOX user not found",
  claimUsernameRequired: "Please enter a ROBLOX username",
} as const;

export function quantityOutOfRangeText(publicName: string, available: number): string {
  return available > 0
    ? `Quantity for ${publicName} must be between 1 and ${available}`
    : `You have no ${publicName} available`;
}

/**
 * Field types only: the rules with their exact texts (spec 000 §5) are checked by the service, so the client
 * gets "Please select at least one item" rather than a schema message.
 */
export const createWithdrawalRequestSchema = z.object({
  items: z
    .array(
      z.object({ itemId: z.uuid("must be an item id"), quantity: z.number().int("must be a whole number") }),
    )
    .max(200),
  robloxUsername: z.string().max(50),
});
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequestSchema>;

const withdrawalSummarySchema = z.object({
  id: z.string(),
  status: z.enum(["unclaimed", "pending"]),
  game: gameSchema,
  robloxUsername: z.string(),
});
export type WithdrawalSummary = z.infer<typeof withdrawalSummarySchema>;

export const createWithdrawalResponseSchema = z.object({
  success: z.literal(true),
  withdrawal: withdrawalSummarySchema,
});

export const pendingWithdrawalResponseSchema = z.object({
  pendingWithdrawal: withdrawalSummarySchema.nullable(),
});

export const turnOnRequestSchema = z.object({ orderId: z.uuid("must be an order id") });
export const turnOnResponseSchema = z.object({
  success: z.literal(true),
  showInstructions: z.boolean(),
  link: z.string(),
  serverLink: z.string(),
  botUsername: z.string(),
  robloxUsername: z.string(),
});
export type TurnOnResponse = z.infer<typeof turnOnResponseSchema>;

export const validateUsernameRequestSchema = z.object({ username: z.string().max(50) });
export const validateUsernameResponseSchema = z.object({
  success: z.literal(true),
  userId: z.number(),
  username: z.string(),
  displayName: z.string(),
  imageUrl: z.string().nullable(),
});
export type ValidateUsernameResponse = z.infer<typeof validateUsernameResponseSchema>;
