import { z } from "zod";
import { USERNAME_MAX_LENGTH } from "./limits.js";
import { tierSchema } from "./plans.js";

/** A Roblox username: 3 to 20 letters, digits or underscores (Roblox's own rule). */
export const robloxUsernameSchema = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, "is required")
  .max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_]+$/, "may contain only letters, digits and underscores");

export const loginRequestSchema = z.object({ username: robloxUsernameSchema });

export const loginResponseSchema = z.object({
  success: z.boolean(),
  needsSetup: z.boolean(),
  username: z.string(),
  verificationPhrase: z.string(),
  robloxUserId: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyRequestSchema = z.object({
  username: robloxUsernameSchema,
  verificationPhrase: z.string().trim().min(1, "is required").max(200),
  robloxUserId: z.number().int().positive(),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.object({ success: z.boolean(), needsSetup: z.boolean() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const claimPageStyleSchema = z.object({
  backgroundColor: z.string(),
  cardBackgroundColor: z.string(),
  textColor: z.string(),
  headerColor: z.string(),
  accentColor: z.string(),
  buttonColor: z.string(),
  logoUrl: z.string(),
  headerText: z.string(),
  welcomeMessage: z.string(),
  footerText: z.string(),
});
export type ClaimPageStyle = z.infer<typeof claimPageStyleSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  robloxUserId: z.number(),
  isAdmin: z.boolean(),
  subscriptionTier: tierSchema,
  subscriptionExpiry: z.string().nullable(),
  setupCompleted: z.boolean(),
  shopifyStore: z.string().nullable(),
  /** Shopify refused the connected store's tokens (decision 033): stock sync stops until the seller reinstalls. */
  shopifyAccessRefused: z.boolean(),
  email: z.string().nullable(),
  customClaimPageStyle: claimPageStyleSchema.partial().nullable(),
  discordWebhookUrl: z.string().nullable(),
  discordNotificationsEnabled: z.boolean(),
  discordOrderCreatedEnabled: z.boolean(),
  discordOrderDeliveredEnabled: z.boolean(),
  discordPingEveryone: z.boolean(),
  apiIntegrationEnabled: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const publicStatsSchema = z.object({
  totalUsers: z.number(),
  totalItemsInStorage: z.number(),
  totalOrders: z.number(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

export const okResponseSchema = z.object({ success: z.literal(true) });
