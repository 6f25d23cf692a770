import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  type AdminBot,
  BOT_TEXTS,
  type BotsUserResponse,
  GAME_PLACE_IDS,
  type GameRules,
  type SellerBot,
  type WhitelistedUser,
} from "../../../contract/bots.js";
import { GAME_NAMES, GAMES, type Game } from "../../../contract/games.js";
import { WHITELIST_MAX } from "../../../contract/limits.js";
import type { OrderStatus } from "../../../contract/orders.js";
import type { AppContext } from "../../context.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { botFriendRequests, bots, gameSettings, whitelistedUsers } from "../../db/schema/bots.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";
import { lockUser, usersByIds } from "../auth/index.js";
import { assignBot, countOpenOrders } from "../orders/index.js";
import { lookupRobloxUser } from "../roblox/index.js";
import { parseBotNames } from "./bot-names.js";
import { botStatusAt, onlineTimeLeft, turnedOn } from "./status.js";

export type BotRow = typeof bots.$inferSelect;

/** The bot's own link, else the game's (admin Game Management), else the game's public place page. */
export async function privateServerLinkFor(
  db: DbOrTx,
  bot: Pick<BotRow, "game" | "privateServerLink">,
): Promise<string> {
  if (bot.privateServerLink) return bot.privateServerLink;
  const [settings] = await db
    .select({ link: gameSettings.privateServerLink })
    .from(gameSettings)
    .where(eq(gameSettings.game, bot.game));
  return settings?.link ?? `https://www.roblox.com/games/${GAME_PLACE_IDS[bot.game as Game]}`;
}

function toSellerBot(bot: BotRow, link: string, now: Date): SellerBot {
  return {
    id: bot.id,
    game: bot.game as Game,
    botUsername: bot.botUsername,
    status: botStatusAt(bot, now),
    onlineTimeLeft: onlineTimeLeft(bot, now),
    privateServerLink: link,
  };
}

/** GET /api/bots/user: the seller's bots and whitelist. */
export async function sellerBots(ctx: AppContext, userId: string): Promise<BotsUserResponse> {
  const now = new Date(ctx.clock());
  const mine = await ctx.db
    .select()
    .from(bots)
    .where(eq(bots.assignedUserId, userId))
    .orderBy(asc(bots.game));
  const list = await Promise.all(
    mine.map(async (b) => toSellerBot(b, await privateServerLinkFor(ctx.db, b), now)),
  );
  const whitelist = await ctx.db
    .select({
      id: whitelistedUsers.id,
      robloxUsername: whitelistedUsers.robloxUsername,
      thumbnailUrl: whitelistedUsers.thumbnailUrl,
    })
    .from(whitelistedUsers)
    .where(eq(whitelistedUsers.userId, userId))
    .orderBy(asc(whitelistedUsers.createdAt));
  return { bots: list, whitelistedUsers: whitelist };
}

/** The seller's bot for a game (locked for update when asked); null when they have none. */
export async function sellerBotForGame(
  db: DbOrTx,
  userId: string,
  game: string,
  forUpdate = false,
): Promise<BotRow | null> {
  const query = db
    .select()
    .from(bots)
    .where(and(eq(bots.assignedUserId, userId), eq(bots.game, game)));
  const [bot] = forUpdate ? await query.for("update") : await query;
  return bot ?? null;
}

export async function botById(db: DbOrTx, id: string): Promise<BotRow | null> {
  const [bot] = await db.select().from(bots).where(eq(bots.id, id));
  return bot ?? null;
}

/**
 * The bot's friend request to the order's buyer, replacing the order's earlier one: sent already (`sentAt`), or
 * waiting for the bot agent to send it in game.
 */
export async function queueFriendRequest(
  db: DbOrTx,
  orderId: string,
  request: { botId: string; robloxUserId: number; robloxUsername: string },
  sentAt: Date | null,
): Promise<void> {
  const state = sentAt ? { status: "sent" as const, sentAt } : { status: "to_send" as const, sentAt: null };
  await db
    .insert(botFriendRequests)
    .values({ orderId, ...request, ...state })
    .onConflictDoUpdate({ target: botFriendRequests.orderId, set: { ...request, ...state } });
}

/** The order's friend request the bot has not sent yet is dropped (the buyer changed). */
export async function withdrawFriendRequest(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .delete(botFriendRequests)
    .where(and(eq(botFriendRequests.orderId, orderId), eq(botFriendRequests.status, "to_send")));
}

/**
 * Assigns a free pool bot of the game. SKIP LOCKED lets concurrent sellers each take a different bot instead of
 * queueing on the same row; the caller holds the seller's lock, so one seller never gets two.
 */
async function assignFreeBot(tx: Tx, userId: string, game: string): Promise<BotRow> {
  const [free] = await tx
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.game, game), isNull(bots.assignedUserId)))
    .orderBy(asc(bots.createdAt), asc(bots.id))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!free) throw conflict(BOT_TEXTS.noBotsAvailable);
  const [bot = missing("the assigned bots row")] = await tx
    .update(bots)
    .set({ assignedUserId: userId, status: "offline", onlineUntil: null })
    .where(eq(bots.id, free.id))
    .returning();
  return bot;
}

/** POST /api/bots/create: Create Bot in the deposit dialog. */
export async function createSellerBot(ctx: AppContext, userId: string, game: Game): Promise<SellerBot> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await sellerBotForGame(tx, userId, game, true)) throw conflict(BOT_TEXTS.alreadyHaveBot);
    const bot = await assignFreeBot(tx, userId, game);
    await ctx.events.publish({ userId, type: "bots" }, tx);
    return toSellerBot(bot, await privateServerLinkFor(tx, bot), new Date(ctx.clock()));
  });
}

interface DeliverableOrder {
  id: string;
  userId: string;
  status: OrderStatus;
  game: string | null;
  robloxUserId: number | null;
  robloxUsername: string | null;
}

/**
 * Step 2 of a claim or a withdrawal's Turn On Bot: the seller's bot for the order's game (a free pool bot is
 * assigned if they have none) gets a fresh online window, the order becomes pending on that bot, and a friend
 * request to the buyer is queued for the bot agent. Runs in the caller's transaction.
 */
export async function dispatchBotForOrder(
  ctx: AppContext,
  tx: Tx,
  order: DeliverableOrder,
): Promise<{ bot: SellerBot; link: string }> {
  if (!order.game || !order.robloxUserId || !order.robloxUsername) {
    throw badRequest("The order has no game or ROBLOX username yet");
  }
  await lockUser(tx, order.userId);
  const current =
    (await sellerBotForGame(tx, order.userId, order.game, true)) ??
    (await assignFreeBot(tx, order.userId, order.game));
  const now = new Date(ctx.clock());
  const [bot = missing("the updated bots row")] = await tx
    .update(bots)
    .set(turnedOn(current, now))
    .where(eq(bots.id, current.id))
    .returning();
  await assignBot(ctx, tx, order, bot.id);
  const request = { botId: bot.id, robloxUserId: order.robloxUserId, robloxUsername: order.robloxUsername };
  await queueFriendRequest(tx, order.id, request, null);
  await ctx.events.publish({ userId: order.userId, type: "bots" }, tx);
  const link = await privateServerLinkFor(tx, bot);
  return { bot: toSellerBot(bot, link, now), link };
}

/** POST /api/bots/whitelist/add: a Roblox account whose trades with the seller's bots count as deposits. */
export async function addToWhitelist(
  ctx: AppContext,
  userId: string,
  robloxUsername: string,
): Promise<WhitelistedUser> {
  // Checked before asking Roblox (no lookup for a full list) and again under the lock (two adds at once).
  if ((await whitelistCount(ctx.db, userId)) >= WHITELIST_MAX) throw badRequest(BOT_TEXTS.whitelistFull);
  const found = await lookupRobloxUser(ctx, robloxUsername);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await whitelistCount(tx, userId)) >= WHITELIST_MAX) throw badRequest(BOT_TEXTS.whitelistFull);
    const [row] = await tx
      .insert(whitelistedUsers)
      .values({ userId, robloxUsername: found.name, robloxUserId: found.id, thumbnailUrl: found.imageUrl })
      .onConflictDoNothing({ target: [whitelistedUsers.userId, whitelistedUsers.robloxUserId] })
      .returning();
    if (!row) throw conflict(BOT_TEXTS.alreadyWhitelisted);
    await ctx.events.publish({ userId, type: "bots" }, tx);
    return { id: row.id, robloxUsername: row.robloxUsername, thumbnailUrl: row.thumbnailUrl };
  });
}

async function whitelistCount(db: DbOrTx, userId: string): Promise<number> {
  const [row = missing("the whitelist count")] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whitelistedUsers)
    .where(eq(whitelistedUsers.userId, userId));
  return row.n;
}

export async function removeFromWhitelist(
  ctx: AppContext,
  userId: string,
  robloxUsername: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(whitelistedUsers)
      .where(
        and(
          eq(whitelistedUsers.userId, userId),
          sql`lower(${whitelistedUsers.robloxUsername}) = lower(${robloxUsername})`,
        ),
      )
      .returning({ id: whitelistedUsers.id });
    if (removed.length === 0) throw notFound(BOT_TEXTS.notWhitelisted);
    await ctx.events.publish({ userId, type: "bots" }, tx);
  });
}

/** Admin: the pool, with who holds each bot. */
export async function listPoolBots(ctx: AppContext): Promise<AdminBot[]> {
  const now = new Date(ctx.clock());
  const pool = await ctx.db.select().from(bots).orderBy(asc(bots.game), asc(bots.botUsername));
  const holders = await usersByIds(
    ctx.db,
    pool.flatMap((bot) => bot.assignedUserId ?? []),
  );
  const usernameOf = new Map(holders.map((u) => [u.id, u.username]));
  return pool.map((bot) => ({
    id: bot.id,
    botUsername: bot.botUsername,
    game: bot.game as Game,
    isAvailable: bot.assignedUserId === null,
    assignedUsername: bot.assignedUserId ? (usernameOf.get(bot.assignedUserId) ?? null) : null,
    status: botStatusAt(bot, now),
    privateServerLink: bot.privateServerLink,
  }));
}

/** What a bulk import did: how many bots were added, which names were skipped as duplicates, blank lines. */
export interface PoolImport {
  count: number;
  duplicates: string[];
  blankLines: number;
}

/**
 * Admin: adds bots to a game's pool in one statement, so an import is added whole or not at all. Any line that is
 * not a Roblox username refuses the import; names repeated in the list or already in the pool (any game) are
 * skipped and reported; a single name already in the pool is a 409.
 */
export async function addPoolBots(
  ctx: AppContext,
  actor: AuditActor | null,
  game: Game,
  input: { botUsername: string } | { botUsernames: string },
): Promise<PoolImport> {
  const single = "botUsername" in input;
  const parsed = parseBotNames(single ? [input.botUsername] : input.botUsernames.split(/\r?\n/));
  if (parsed.invalid.length > 0)
    throw badRequest(
      `Invalid bot ${parsed.invalid.length === 1 ? "username" : "usernames"}: ${parsed.invalid.join(", ")}`,
    );
  if (parsed.names.length === 0) throw badRequest("Please enter at least one bot username");
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(bots)
      .values(parsed.names.map((botUsername) => ({ game, botUsername })))
      .onConflictDoNothing()
      .returning({ id: bots.id, botUsername: bots.botUsername });
    if (single && inserted.length === 0) throw conflict(BOT_TEXTS.botExists);
    const added = new Set(inserted.map((b) => b.botUsername));
    const duplicates = [...new Set([...parsed.repeated, ...parsed.names.filter((n) => !added.has(n))])];
    if (inserted.length > 0)
      await recordAudit(ctx, tx, actor, {
        kind: "bot",
        action: "added",
        subject: `${inserted.length} ${GAME_NAMES[game]} ${inserted.length === 1 ? "bot" : "bots"}`,
        after: { game, bots: inserted },
      });
    return { count: inserted.length, duplicates, blankLines: parsed.blankLines };
  });
}

/**
 * Admin: removes a bot from the pool. A bot still assigned to a seller who has open orders of its game is kept:
 * buyers of those orders are sent to it (its friend requests and trades would be lost).
 */
export async function deletePoolBot(ctx: AppContext, actor: AuditActor | null, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [bot] = await tx.select().from(bots).where(eq(bots.id, id)).for("update");
    if (!bot) throw notFound(BOT_TEXTS.botNotFound);
    if (bot.assignedUserId) {
      const open = await countOpenOrders(tx, bot.assignedUserId, bot.game);
      if (open > 0) throw conflict(BOT_TEXTS.botHasOpenOrders(open));
    }
    await tx.delete(bots).where(eq(bots.id, id));
    await recordAudit(ctx, tx, actor, {
      kind: "bot",
      action: "deleted",
      subject: bot.botUsername,
      before: { game: bot.game, botUsername: bot.botUsername, assignedUserId: bot.assignedUserId },
    });
    if (bot.assignedUserId) await ctx.events.publish({ userId: bot.assignedUserId, type: "bots" }, tx);
  });
}

const toGameRules = (game: Game, row?: typeof gameSettings.$inferSelect): GameRules => ({
  game,
  maxUniqueItems: row?.maxUniqueItems ?? null,
  maxItemsPerListing: row?.maxItemsPerListing ?? null,
  privateServerLink: row?.privateServerLink ?? null,
});

/** One game's rules and private-server link (unset means no limit / no link). */
export async function gameRulesOf(db: DbOrTx, game: Game): Promise<GameRules> {
  const [row] = await db.select().from(gameSettings).where(eq(gameSettings.game, game));
  return toGameRules(game, row);
}

/** Admin Game Management: rules and private-server link for every game (unset means no limit / no link). */
export async function listGameRules(db: Db): Promise<GameRules[]> {
  const rows = await db.select().from(gameSettings);
  return GAMES.map((game) =>
    toGameRules(
      game,
      rows.find((r) => r.game === game),
    ),
  );
}

/** Sets a game's rules and link; the audit row keeps them before and after. Existing listings are not re-checked. */
export async function saveGameRules(
  ctx: AppContext,
  actor: AuditActor | null,
  game: Game,
  patch: {
    maxUniqueItems?: number | null;
    maxItemsPerListing?: number | null;
    privateServerLink?: string | null;
  },
): Promise<GameRules> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(gameSettings).where(eq(gameSettings.game, game)).for("update");
    const [row] = await tx
      .insert(gameSettings)
      .values({ game, ...set })
      .onConflictDoUpdate({ target: gameSettings.game, set: { ...set, game } })
      .returning();
    const before = toGameRules(game, current);
    const after = toGameRules(game, row);
    if (JSON.stringify(before) !== JSON.stringify(after))
      await recordAudit(ctx, tx, actor, {
        kind: "game-rules",
        action: "updated",
        subject: GAME_NAMES[game],
        before,
        after,
      });
    return after;
  });
}
