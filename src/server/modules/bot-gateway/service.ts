import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  BOTAPI_TEXTS,
  type BotApiBot,
  type BotItemLine,
  type DepositRequest,
  type PendingOrder,
  unknownCodeNameText,
  type WorkResponse,
} from "../../../contract/botapi.js";
import { BOT_TEXTS } from "../../../contract/bots.js";
import type { Game } from "../../../contract/games.js";
import { INVENTORY_TEXTS } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { botDeposits } from "../../db/schema/bot-gateway.js";
import { botFriendRequests, bots, whitelistedUsers } from "../../db/schema/bots.js";
import { items } from "../../db/schema/items.js";
import { orderItems, orders } from "../../db/schema/orders.js";
import { badRequest, conflict, forbidden, type HttpError, notFound } from "../../http/errors.js";
import { userById, userByRobloxId } from "../auth/index.js";
import { afterHeartbeat, type BotRow, botStatusAt, onlineTimeLeft } from "../bots/index.js";
import { moveInventory } from "../inventory/index.js";

async function findBot(db: DbOrTx, botUsername: string, forUpdate = false): Promise<BotRow> {
  const query = db.select().from(bots).where(sql`lower(${bots.botUsername}) = lower(${botUsername})`);
  const [bot] = forUpdate ? await query.for("update") : await query;
  if (!bot) throw notFound(BOT_TEXTS.botNotFound);
  return bot;
}

function toApiBot(bot: BotRow, now: Date): BotApiBot {
  return {
    id: bot.id,
    botUsername: bot.botUsername,
    game: bot.game as Game,
    assigned: bot.assignedUserId !== null,
    status: botStatusAt(bot, now),
    onlineUntil: onlineTimeLeft(bot, now),
  };
}

/** GET /api/bot/bots: the pool (or one game's), so an agent finds the accounts it plays. */
export async function listBots(ctx: AppContext, game?: Game): Promise<BotApiBot[]> {
  const now = new Date(ctx.clock());
  const rows = await ctx.db
    .select()
    .from(bots)
    .where(game ? eq(bots.game, game) : undefined)
    .orderBy(asc(bots.game), asc(bots.botUsername));
  return rows.map((b) => toApiBot(b, now));
}

/** POST /api/bot/heartbeat: the agent is in game; a bot inside its Turn On window becomes online. */
export async function heartbeat(ctx: AppContext, botUsername: string) {
  return ctx.db.transaction(async (tx) => {
    const bot = await findBot(tx, botUsername, true);
    const now = new Date(ctx.clock());
    const next = afterHeartbeat(bot, now);
    await tx.update(bots).set({ status: next.status, lastHeartbeatAt: now }).where(eq(bots.id, bot.id));
    const status = botStatusAt(next, now);
    if (bot.assignedUserId && status !== botStatusAt(bot, now)) {
      await ctx.events.publish({ userId: bot.assignedUserId, type: "bots" }, tx);
    }
    return { botUsername: bot.botUsername, status, onlineUntil: onlineTimeLeft(next, now) };
  });
}

/** Pending orders with what to hand over and the seller's bot for the game (spec 001 §7 admin/orders/pending). */
export async function listPendingOrders(
  db: Db,
  filter: { game?: string; sellerId?: string } = {},
): Promise<PendingOrder[]> {
  const rows = await db
    .select({ order: orders, botUsername: bots.botUsername })
    .from(orders)
    .leftJoin(bots, and(eq(bots.assignedUserId, orders.userId), eq(bots.game, orders.game)))
    .where(
      and(
        eq(orders.status, "pending"),
        isNotNull(orders.game),
        filter.game ? eq(orders.game, filter.game) : undefined,
        filter.sellerId ? eq(orders.userId, filter.sellerId) : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(500);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      quantity: orderItems.quantity,
      codeName: items.codeName,
      publicName: items.publicName,
      imageUrl: items.imageUrl,
      game: items.game,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(items.publicName));
  return rows.map(({ order, botUsername }) => ({
    id: order.id,
    source: order.source,
    game: order.game as Game,
    robloxUsername: order.robloxUsername,
    robloxUserId: order.robloxUserId,
    orderItems: lines
      .filter((l) => l.orderId === order.id)
      .map(({ orderId: _, game, ...l }) => ({ ...l, game: game as Game })),
    botUsername,
    createdAt: order.createdAt.toISOString(),
  }));
}

/** Roblox user ids whose trades count as deposits for this seller: the seller and their whitelist. */
async function allowedPartners(db: DbOrTx, sellerId: string): Promise<number[]> {
  const owner = (await userById(db, sellerId)) ?? missing("the seller's users row");
  const listed = await db
    .select({ robloxUserId: whitelistedUsers.robloxUserId })
    .from(whitelistedUsers)
    .where(eq(whitelistedUsers.userId, sellerId));
  return [owner.robloxUserId, ...listed.map((w) => w.robloxUserId)];
}

/** GET /api/bot/work: what the bot must do now: deliver its seller's pending orders and send friend requests. */
export async function workFor(ctx: AppContext, botUsername: string): Promise<WorkResponse> {
  const { db } = ctx;
  const bot = await findBot(db, botUsername);
  const self = toApiBot(bot, new Date(ctx.clock()));
  const catalogue = await db.select({ codeName: items.codeName }).from(items).where(eq(items.game, bot.game));
  const codeNames = catalogue.map((i) => i.codeName).sort();
  if (!bot.assignedUserId)
    return { bot: self, allowedPartners: [], codeNames, orders: [], friendRequests: [] };
  const friendRequests = await db
    .select({
      id: botFriendRequests.id,
      orderId: botFriendRequests.orderId,
      robloxUserId: botFriendRequests.robloxUserId,
      robloxUsername: botFriendRequests.robloxUsername,
    })
    .from(botFriendRequests)
    .leftJoin(orders, eq(orders.id, botFriendRequests.orderId))
    .where(
      and(
        eq(botFriendRequests.botId, bot.id),
        eq(botFriendRequests.status, "to_send"),
        or(isNull(botFriendRequests.orderId), eq(orders.status, "pending")),
      ),
    )
    .orderBy(asc(botFriendRequests.createdAt));
  return {
    bot: self,
    allowedPartners: await allowedPartners(db, bot.assignedUserId),
    codeNames,
    orders: await listPendingOrders(db, { sellerId: bot.assignedUserId, game: bot.game }),
    friendRequests,
  };
}

/** POST /api/bot/friend-requests/:id/sent */
export async function markFriendRequestSent(ctx: AppContext, id: string): Promise<void> {
  const rows = await ctx.db
    .update(botFriendRequests)
    .set({ status: "sent", sentAt: new Date(ctx.clock()) })
    .where(eq(botFriendRequests.id, id))
    .returning({ id: botFriendRequests.id });
  if (rows.length === 0) throw notFound(BOTAPI_TEXTS.friendRequestNotFound);
}

function mergeByCodeName(lines: BotItemLine[]): BotItemLine[] {
  const byCode = new Map<string, number>();
  for (const l of lines) byCode.set(l.codeName, (byCode.get(l.codeName) ?? 0) + l.quantity);
  return [...byCode].map(([codeName, quantity]) => ({ codeName, quantity }));
}

/**
 * POST /api/bot/deposits: a completed in-game trade. Credited to the seller who owns the bot when the partner is
 * that seller or on their whitelist, with the deposit record and the ledger rows in one transaction; otherwise
 * refused, and the refusal is recorded and logged. A tradeRef already credited is not credited again.
 */
export async function reportDeposit(ctx: AppContext, input: DepositRequest, actor: string) {
  const bot = await findBot(ctx.db, input.botUsername);
  const lines = mergeByCodeName(input.items);
  const catalogue = await ctx.db
    .select({ id: items.id, codeName: items.codeName })
    .from(items)
    .where(
      and(
        eq(items.game, bot.game),
        inArray(
          items.codeName,
          lines.map((l) => l.codeName),
        ),
      ),
    );
  const unknown = lines
    .filter((l) => !catalogue.some((c) => c.codeName === l.codeName))
    .map((l) => l.codeName);
  if (unknown.length > 0) throw badRequest(unknownCodeNameText(bot.game, unknown));
  const credited = lines.map((l) => ({ ...l, itemId: catalogue.find((c) => c.codeName === l.codeName)!.id }));
  const record = {
    botId: bot.id,
    botUsername: bot.botUsername,
    sellerId: bot.assignedUserId,
    partnerRobloxUserId: input.partnerRobloxUserId,
    tradeRef: input.tradeRef ?? null,
    items: credited,
  };

  const refuse = async (error: HttpError): Promise<never> => {
    await ctx.db.insert(botDeposits).values({ ...record, outcome: "refused", reason: error.message });
    ctx.log.warn(
      {
        botUsername: bot.botUsername,
        sellerId: bot.assignedUserId,
        partnerRobloxUserId: input.partnerRobloxUserId,
        items: credited,
        actor,
      },
      "deposit refused",
    );
    throw error;
  };
  const sellerId = bot.assignedUserId ?? (await refuse(conflict(BOTAPI_TEXTS.botNotAssigned)));
  if (!(await allowedPartners(ctx.db, sellerId)).includes(input.partnerRobloxUserId)) {
    await refuse(forbidden(BOTAPI_TEXTS.notAllowedPartner));
  }

  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(botDeposits)
      .values({ ...record, outcome: "credited" })
      .onConflictDoNothing()
      .returning({ id: botDeposits.id });
    if (!row) {
      const [earlier = missing("the credited botDeposits row")] = await tx
        .select({ id: botDeposits.id, items: botDeposits.items })
        .from(botDeposits)
        .where(
          and(
            eq(botDeposits.botUsername, bot.botUsername),
            eq(botDeposits.tradeRef, input.tradeRef!),
            eq(botDeposits.outcome, "credited"),
          ),
        );
      return {
        success: true as const,
        depositId: earlier.id,
        duplicate: true,
        sellerId,
        credited: earlier.items as typeof credited,
      };
    }
    await moveInventory(
      ctx,
      tx,
      sellerId,
      "deposit",
      credited.map(({ itemId, quantity }) => ({ itemId, quantity })),
      { note: `deposit ${row.id} via ${bot.botUsername} from Roblox user ${input.partnerRobloxUserId}` },
    );
    return { success: true as const, depositId: row.id, duplicate: false, sellerId, credited };
  });
}

export async function userWithRobloxId(db: Db, robloxUserId: number) {
  const user = await userByRobloxId(db, robloxUserId);
  if (!user) throw notFound(INVENTORY_TEXTS.userNotFound);
  return { id: user.id, username: user.username, robloxUserId: user.robloxUserId };
}
