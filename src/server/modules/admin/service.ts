import { and, count, desc, eq, gt, ilike, isNull, ne, or, sql } from "drizzle-orm";
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminStats,
  type AdminUsersResponse,
  type GameStats,
} from "../../../contract/admin.js";
import { GAMES } from "../../../contract/games.js";
import type { Tier } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { users } from "../../db/schema/auth.js";
import { items } from "../../db/schema/items.js";

/** `%`, `_` and `\` typed into the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The Users tab: newest first, a page at a time; the search matches part of a username or the whole Roblox id. */
export async function listUsers(
  ctx: AppContext,
  query: { search?: string; page: number },
): Promise<AdminUsersResponse> {
  const search = query.search?.trim();
  const where = search
    ? or(
        ilike(users.username, likePattern(search)),
        /^\d{1,18}$/.test(search) ? eq(users.robloxUserId, Number(search)) : undefined,
      )
    : undefined;
  const [rows, [{ total } = missing("the users count")]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((u) => ({
      id: u.id,
      username: u.username,
      robloxUserId: u.robloxUserId,
      subscriptionTier: u.subscriptionTier as Tier,
      subscriptionExpiry: u.subscriptionExpiry?.toISOString() ?? null,
      isAdmin: u.isAdmin,
      createdAt: u.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

/** Total Users, Active Subscriptions (a paid tier not yet expired; lifetime has no expiry) and Total Items. */
export async function adminStats(ctx: AppContext): Promise<AdminStats> {
  const now = new Date(ctx.clock());
  const [[userCounts = missing("the users counts")], [itemCounts = missing("the items count")]] =
    await Promise.all([
      ctx.db
        .select({
          totalUsers: count(),
          activeSubscriptions: sql<number>`count(*) FILTER (WHERE ${and(
            ne(users.subscriptionTier, "free"),
            or(isNull(users.subscriptionExpiry), gt(users.subscriptionExpiry, now)),
          )})::int`,
        })
        .from(users),
      ctx.db.select({ totalItems: count() }).from(items).where(isNull(items.retiredAt)),
    ]);
  return { ...userCounts, ...itemCounts };
}

/** Game stats: the dictionary's items (not retired) per game, every game listed. */
export async function gameStats(ctx: AppContext): Promise<GameStats> {
  const rows = await ctx.db
    .select({ game: items.game, itemCount: count() })
    .from(items)
    .where(isNull(items.retiredAt))
    .groupBy(items.game);
  return GAMES.map((game) => ({ game, itemCount: rows.find((r) => r.game === game)?.itemCount ?? 0 }));
}
