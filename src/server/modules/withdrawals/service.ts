import type { Game } from "../../../contract/games.js";
import type { OrderStatus } from "../../../contract/orders.js";
import { activeTier, hasPaidTier } from "../../../contract/plans.js";
import {
  type CreateWithdrawalRequest,
  quantityOutOfRangeText,
  type TurnOnResponse,
  WITHDRAWAL_TEXTS,
  type WithdrawalSummary,
} from "../../../contract/withdrawals.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.js";
import { lockUser, type SessionUser } from "../auth/index.js";
import { dispatchBotForOrder } from "../bots/index.js";
import {
  availableUnits,
  InsufficientInventoryError,
  mergeQuantities,
  moveInventory,
} from "../inventory/index.js";
import { itemsByIds } from "../items/index.js";
import { createOrders, lockWithdrawal, type OrderRow, openWithdrawalOf } from "../orders/index.js";
import { lookupRobloxUser } from "../roblox/index.js";

const OPEN_STATUSES: readonly OrderStatus[] = ["unclaimed", "pending"];

/** Withdrawals (and the pending lookup) need a paid tier that has not expired. */
function assertCanWithdraw(ctx: AppContext, user: SessionUser): void {
  if (!hasPaidTier(activeTier(user, ctx.clock()))) throw forbidden(WITHDRAWAL_TEXTS.tierRequired);
}

/** An open withdrawal (just created, or found by `openWithdrawalOf`) as the page shows it. */
function toSummary(o: OrderRow): WithdrawalSummary {
  return {
    id: o.id,
    status: o.status === "pending" ? "pending" : "unclaimed",
    game: o.game as Game,
    robloxUsername: o.robloxUsername ?? "",
  };
}

export async function pendingWithdrawal(
  ctx: AppContext,
  user: SessionUser,
): Promise<WithdrawalSummary | null> {
  assertCanWithdraw(ctx, user);
  const open = await openWithdrawalOf(ctx.db, user.id);
  return open ? toSummary(open) : null;
}

/**
 * POST /api/withdrawals/create: the rules of spec 000 §5 in its order, then one transaction that creates the
 * withdrawal order (username locked to the validated Roblox account) and reserves its items.
 */
export async function createWithdrawal(
  ctx: AppContext,
  user: SessionUser,
  body: CreateWithdrawalRequest,
): Promise<WithdrawalSummary> {
  assertCanWithdraw(ctx, user);
  if (body.items.length === 0) throw badRequest(WITHDRAWAL_TEXTS.noItems);
  const lines = mergeQuantities(body.items);
  const itemIds = lines.map((l) => l.itemId);
  const catalogue = await itemsByIds(ctx.db, itemIds);
  if (catalogue.length !== lines.length) throw badRequest(WITHDRAWAL_TEXTS.itemNotFound);
  const games = new Set(catalogue.map((i) => i.game));
  if (games.size > 1) throw badRequest(WITHDRAWAL_TEXTS.mixedGames);
  const robloxUsername = body.robloxUsername.trim();
  if (!robloxUsername) throw badRequest(WITHDRAWAL_TEXTS.noUsername);

  const balances = await availableUnits(ctx.db, user.id, itemIds);
  const rangeError = (itemId: string) => {
    const available = balances.find((b) => b.itemId === itemId)?.available ?? 0;
    return badRequest(quantityOutOfRangeText(catalogue.find((i) => i.id === itemId)!.publicName, available));
  };
  const tooSmall = body.items.find((l) => l.quantity < 1);
  if (tooSmall) throw rangeError(tooSmall.itemId);
  const tooLarge = lines.find(
    (l) => l.quantity > (balances.find((b) => b.itemId === l.itemId)?.available ?? 0),
  );
  if (tooLarge) throw rangeError(tooLarge.itemId);

  const roblox = await lookupRobloxUser(ctx, robloxUsername);
  const [game = missing("the withdrawal's game")] = games;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      if (await openWithdrawalOf(tx, user.id)) throw conflict(WITHDRAWAL_TEXTS.alreadyPending);
      const [order = missing("the created withdrawal order")] = await createOrders(tx, [
        {
          userId: user.id,
          source: "withdrawal",
          status: "unclaimed",
          game,
          robloxUsername: roblox.name,
          robloxUserId: roblox.id,
          usernameLocked: true,
          items: lines,
        },
      ]);
      await moveInventory(ctx, tx, user.id, "reservation", lines, { orderId: order.id });
      await ctx.events.publish({ userId: user.id, type: "withdrawals" }, tx);
      await ctx.events.publish({ userId: user.id, type: "orders" }, tx);
      return toSummary(order);
    });
  } catch (err) {
    // Another order took the units between the check above and the reservation.
    if (err instanceof InsufficientInventoryError) throw rangeError(err.itemId);
    throw err;
  }
}

/** POST /api/withdrawals/turn-on: the seller's bot comes online for their open withdrawal. */
export async function turnOnForWithdrawal(
  ctx: AppContext,
  user: SessionUser,
  orderId: string,
): Promise<TurnOnResponse> {
  assertCanWithdraw(ctx, user);
  return ctx.db.transaction(async (tx) => {
    const order = await lockWithdrawal(tx, orderId, user.id);
    if (!order) throw notFound(WITHDRAWAL_TEXTS.notFound);
    if (!OPEN_STATUSES.includes(order.status)) throw conflict(WITHDRAWAL_TEXTS.notOpen);
    const { bot, link } = await dispatchBotForOrder(ctx, tx, order);
    await ctx.events.publish({ userId: user.id, type: "withdrawals" }, tx);
    return {
      success: true as const,
      showInstructions: true,
      link,
      serverLink: link,
      botUsername: bot.botUsername,
      robloxUsername: order.robloxUsername ?? "",
    };
  });
}
