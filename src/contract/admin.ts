import { z } from "zod";
import { gameSchema } from "./games.js";
import { tierSchema } from "./plans.js";

/** GET /api/admin/users: a page of users, newest first, optionally matching a username or Roblox id. */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  robloxUserId: z.number().int(),
  subscriptionTier: tierSchema,
  subscriptionExpiry: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** GET /api/admin/stats: three of the four stat cards (Revenue is /api/stats' totalSales). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Paid tier and not expired (a lifetime plan has no expiry). */
  activeSubscriptions: z.number().int(),
  /** Items in the dictionary that are not retired. */
  totalItems: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/game-stats (spec 001 §3 Game stats). */
export const gameStatsSchema = z.array(z.object({ game: gameSchema, itemCount: z.number().int() }));
export type GameStats = z.infer<typeof gameStatsSchema>;

/** What an audit row is about (decision 020). */
export const AUDIT_KINDS = [
  "item",
  "subscription-keys",
  "discount-code",
  "game-rules",
  "bot",
  "grant",
  "bot-key",
  "payment",
] as const;
const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  item: "Item",
  "subscription-keys": "Subscription keys",
  "discount-code": "Discount code",
  "game-rules": "Game rules",
  bot: "Deposit bot",
  grant: "Item grant",
  "bot-key": "Bot API key",
  payment: "Payment to settle",
};

export const AUDIT_LOG_LIMIT = 200;
export const auditLogQuerySchema = z.object({
  actor: z.uuid("must be a user id").optional(),
  kind: auditKindSchema.optional(),
});
const auditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorUsername: z.string(),
  kind: auditKindSchema,
  action: z.string(),
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Everyone who has made a change, for the filter. */
  actors: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
