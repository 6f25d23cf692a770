import { z } from "zod";
import { claimPageStyleSchema } from "./auth.js";
import { gameSchema } from "./games.js";
import { orderStatusSchema } from "./orders.js";

export { CLAIM_TEXTS } from "./claim-page.js";

/** Per-IP limits of the public claim calls (docs/architecture.md, Security: claim calls are limited per IP). */
export const CLAIM_RATE_LIMITS = {
  read: { name: "claim_read", points: 120, durationSeconds: 60 },
  write: { name: "claim_write", points: 30, durationSeconds: 60 },
} as const;

/** "codeName_quantity, codeName_quantity" (spec 000 §3 Order.items). */
export function formatOrderItems(items: { codeName: string; quantity: number }[]): string {
  return items.map((i) => `${i.codeName}_${i.quantity}`).join(", ");
}

const claimOrderItemSchema = z.object({
  codeName: z.string(),
  publicName: z.string(),
  quantity: z.number().int(),
  imageUrl: z.string(),
  game: gameSchema,
});
export type ClaimOrderItem = z.infer<typeof claimOrderItemSchema>;

const claimOrderBaseSchema = z.object({
  id: z.string(),
  shopifyOrderId: z.string().nullable(),
  shopifyOrderNumber: z.string().nullable(),
  status: orderStatusSchema,
  customerEmail: z.string().nullable(),
  totalAmount: z.string(),
  items: z.string(),
  orderItems: z.array(claimOrderItemSchema),
  robloxUsername: z.string().nullable(),
  usernameLocked: z.boolean(),
  claimedAt: z.string().nullable(),
  game: gameSchema.nullable(),
  isMultiGame: z.boolean(),
});

/**
 * The order as the buyer sees it (spec 001 §3). A multi-game purchase is a parent with one sub-order per game;
 * the buyer picks one and uses the sub-order's id from then on. claimPageStyle: the seller's style (pro only).
 */
export const claimOrderViewSchema = claimOrderBaseSchema.extend({
  subOrders: z.array(claimOrderBaseSchema),
  claimPageStyle: claimPageStyleSchema.nullable(),
});
export type ClaimOrderView = z.infer<typeof claimOrderViewSchema>;
export type ClaimSubOrderView = z.infer<typeof claimOrderBaseSchema>;

const orderIdField = z.string().trim().min(1, "is required").max(100);
const emailField = z.string().trim().min(1, "is required").max(320);
const authKeyField = z.string().trim().min(1, "is required").max(200);
// Blank is refused by the service with the spec's text; the schema only bounds the size.
const usernameField = z.string().max(50);

export const claimByEmailParamsSchema = z.object({ orderId: orderIdField, email: emailField });
export const claimByAuthKeyParamsSchema = z.object({ authKey: authKeyField });

/**
 * How a buyer proves access to an order: its id with its e-mail, or its authKey (with orderId to pick a
 * sub-order of a multi-game purchase). Every claim call carries one.
 */
const orderAccessFields = {
  orderId: orderIdField.optional(),
  email: emailField.optional(),
  authKey: authKeyField.optional(),
};
export interface OrderAccess {
  orderId?: string;
  email?: string;
  authKey?: string;
}
const namesAnOrder = (a: OrderAccess) =>
  a.authKey !== undefined || (a.orderId !== undefined && a.email !== undefined);
function withAccess<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...orderAccessFields, ...shape })
    .refine((a) => namesAnOrder(a as OrderAccess), { message: "send orderId with email, or authKey" });
}

export const claimByEmailRequestSchema = z.object({
  orderId: orderIdField,
  email: emailField,
  robloxUsername: usernameField,
});
export const claimByAuthKeyRequestSchema = z.object({
  authKey: authKeyField,
  orderId: orderIdField.optional(),
  robloxUsername: usernameField,
});
export const claimResponseSchema = z.object({ success: z.literal(true), order: claimOrderViewSchema });

/** The spec's body is {orderId, robloxUsername}; e-mail or authKey is also required so only the buyer can lock. */
export const lockUsernameRequestSchema = withAccess({ robloxUsername: usernameField });
export const resetUsernameRequestSchema = withAccess({});

export const privateServerResponseSchema = z.object({
  serverLink: z.string(),
  gameType: gameSchema,
  message: z.string(),
});
export type PrivateServerResponse = z.infer<typeof privateServerResponseSchema>;

/** game picks the sub-order when the access names a multi-game parent. */
export const turnOnBotRequestSchema = withAccess({ game: gameSchema });
export const turnOnBotResponseSchema = z.object({
  serverLink: z.string(),
  botUsername: z.string(),
  botUserId: z.number().nullable(),
});
export type TurnOnBotResponse = z.infer<typeof turnOnBotResponseSchema>;

export const friendRequestRequestSchema = withAccess({
  username: usernameField,
  botUserId: z.number().int().positive().nullable(),
  game: gameSchema.optional(),
});
export const friendRequestResponseSchema = z.object({ success: z.literal(true) });

/** The claim host (CLAIM_HOST), named on the Access Restricted screen; null when none is configured. */
export const claimConfigResponseSchema = z.object({ claimHost: z.string().nullable() });
