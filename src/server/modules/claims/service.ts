import { createHash, timingSafeEqual } from "node:crypto";
import {
  CLAIM_TEXTS,
  type ClaimOrderItem,
  type ClaimOrderView,
  type ClaimSubOrderView,
  formatOrderItems,
  type OrderAccess,
  type PrivateServerResponse,
  type TurnOnBotResponse,
} from "../../../contract/claims.js";
import type { Game } from "../../../contract/games.js";
import { activeTier, type Subscription } from "../../../contract/plans.js";
import { type ClaimPageStyle, resolveClaimStyle } from "../../../contract/settings.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import type { RobloxUser } from "../../integrations/roblox/index.js";
import { userById } from "../auth/index.js";
import {
  botById,
  dispatchBotForOrder,
  privateServerLinkFor,
  queueFriendRequest,
  sellerBotForGame,
  withdrawFriendRequest,
} from "../bots/index.js";
import { itemsByIds } from "../items/index.js";
import {
  lockClaimant,
  lockOrder,
  type OrderRow,
  orderByAuthKey,
  orderById,
  orderLines,
  resetClaim,
  subOrdersOf,
  topOrdersOfShopifyId,
} from "../orders/index.js";
import { findRobloxUserByName } from "../roblox/index.js";
import { orderClaimedHook } from "./claimed.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHOPIFY_ORDER_ID = /^[0-9]+$/;
const OPEN_STATUSES: readonly string[] = ["unclaimed", "pending"];

/** Every refusal to see an order looks the same, whether the id exists or not. */
const orderNotFound = () => notFound(CLAIM_TEXTS.orderNotFound);

function emailDigest(email: string | null): Buffer {
  return createHash("sha256")
    .update((email ?? "").trim().toLowerCase())
    .digest();
}

/** Case-insensitive e-mail match in constant time (no timing hint of how much of an address is right). */
export function sameEmail(given: string, stored: string | null): boolean {
  const equal = timingSafeEqual(emailDigest(given), emailDigest(stored));
  return equal && stored !== null && stored.trim() !== "";
}

async function orderWithId(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  return UUID.test(id) ? orderById(db, id) : undefined;
}

/** Our order id with its e-mail: a sub-order also answers to its parent's e-mail. */
async function orderWithEmail(db: DbOrTx, id: string, email: string): Promise<OrderRow | undefined> {
  const named = await orderWithId(db, id);
  const parent = named?.parentOrderId ? await orderWithId(db, named.parentOrderId) : undefined;
  const ownMatch = sameEmail(email, named?.customerEmail ?? null);
  const parentMatch = sameEmail(email, parent?.customerEmail ?? null);
  return ownMatch || parentMatch ? named : undefined;
}

/**
 * Shopify's order id with its e-mail (the checkout's claim button knows no other id): the purchase's top-level
 * order. Two shops may share an id, so the e-mail picks among them; every candidate is compared, so the timing
 * does not tell which one matched.
 */
async function shopifyOrderWithEmail(
  db: DbOrTx,
  shopifyOrderId: string,
  email: string,
): Promise<OrderRow | undefined> {
  const candidates = await topOrdersOfShopifyId(db, shopifyOrderId);
  return candidates.filter((o) => sameEmail(email, o.customerEmail))[0];
}

/**
 * The order a buyer's request names exactly: its id (ours, or Shopify's for the whole purchase) with its e-mail,
 * or its authKey (with orderId naming one of that order's sub-orders). Withdrawals are the seller's own and never
 * claimable. Anything else is the same 404.
 */
async function findAccessibleOrder(db: DbOrTx, access: OrderAccess): Promise<OrderRow> {
  let order: OrderRow | undefined;
  if (access.authKey !== undefined) {
    const named = await orderByAuthKey(db, access.authKey);
    order = named;
    if (named && access.orderId !== undefined && access.orderId !== named.id) {
      const sub = await orderWithId(db, access.orderId);
      order = sub?.parentOrderId === named.id ? sub : undefined;
    }
  } else if (access.orderId !== undefined && access.email !== undefined) {
    order = SHOPIFY_ORDER_ID.test(access.orderId)
      ? await shopifyOrderWithEmail(db, access.orderId, access.email)
      : await orderWithEmail(db, access.orderId, access.email);
  }
  if (!order || order.source === "withdrawal") throw orderNotFound();
  return order;
}

/**
 * The single-game order a call acts on. A multi-game parent stands for its sub-orders: `game` picks one, and
 * without it the buyer must choose first. A single-game order must match `game` when one is given.
 */
async function gameOrder(db: DbOrTx, order: OrderRow, game?: Game): Promise<OrderRow> {
  const subs = await subOrdersOf(db, order.id);
  if (subs.length > 0) {
    const sub = game ? subs.find((s) => s.game === game) : undefined;
    if (!sub) throw badRequest(game ? CLAIM_TEXTS.wrongGame : CLAIM_TEXTS.selectGame);
    return sub;
  }
  if (game && order.game !== game) throw badRequest(CLAIM_TEXTS.wrongGame);
  if (!order.game) throw badRequest(CLAIM_TEXTS.selectGame);
  return order;
}

/** Only an open order can be claimed, locked, reset or delivered to. */
function assertOpen(order: OrderRow): void {
  if (order.status === "failed_no_stock") throw conflict(CLAIM_TEXTS.orderError);
  if (order.status === "awaiting_payment") throw conflict(CLAIM_TEXTS.awaitingPayment);
  if (order.status === "cancelled" || order.status === "refunded") throw conflict(CLAIM_TEXTS.cancelled);
  if (!OPEN_STATUSES.includes(order.status)) throw conflict(CLAIM_TEXTS.alreadyCompleted);
}

function assertLockableBy(order: OrderRow, username: string): void {
  if (order.usernameLocked && order.robloxUsername?.toLowerCase() !== username.toLowerCase()) {
    throw conflict(CLAIM_TEXTS.usernameAlreadyLocked);
  }
}

async function lockedForUpdate(tx: Tx, id: string): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!order) throw orderNotFound();
  return order;
}

async function linesByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, ClaimOrderItem[]>> {
  const rows = await orderLines(db, orderIds);
  const itemIds = rows.map((r) => r.itemId);
  const catalogue = new Map((await itemsByIds(db, itemIds)).map((i) => [i.id, i]));
  const out = new Map<string, ClaimOrderItem[]>();
  for (const { orderId, itemId, quantity } of rows) {
    const { codeName, publicName, imageUrl, game } =
      catalogue.get(itemId) ?? missing("the order item's item");
    const list = out.get(orderId) ?? [];
    list.push({ codeName, publicName, quantity, imageUrl, game });
    out.set(orderId, list);
  }
  return out;
}

function baseView(order: OrderRow, lines: ClaimOrderItem[]): ClaimSubOrderView {
  return {
    id: order.id,
    shopifyOrderId: order.shopifyOrderId,
    shopifyOrderNumber: order.shopifyOrderNumber,
    status: order.status,
    customerEmail: order.customerEmail,
    totalAmount: order.totalAmount,
    items: formatOrderItems(lines),
    orderItems: lines,
    robloxUsername: order.robloxUsername,
    usernameLocked: order.usernameLocked,
    claimedAt: order.claimedAt?.toISOString() ?? null,
    game: (order.game as Game | null) ?? null,
    isMultiGame: false,
  };
}

/** A pro seller's saved style over the claim page defaults; a field that no longer validates falls back. */
export function effectiveClaimStyle(seller: Subscription, stored: unknown, now: Date): ClaimPageStyle | null {
  if (activeTier(seller, now) !== "pro" || !stored || typeof stored !== "object") return null;
  return resolveClaimStyle(stored);
}

/** What the buyer sees (spec 001 §3): the order, its sub-orders, and the seller's style; nothing of the seller. */
async function claimView(ctx: AppContext, order: OrderRow): Promise<ClaimOrderView> {
  const { db } = ctx;
  const subs = await subOrdersOf(db, order.id);
  const lines = await linesByOrder(db, [order.id, ...subs.map((s) => s.id)]);
  const own = lines.get(order.id) ?? [];
  const all = own.length > 0 || subs.length === 0 ? own : subs.flatMap((s) => lines.get(s.id) ?? []);
  const seller = await userById(db, order.userId);
  return {
    ...baseView(order, all),
    isMultiGame: subs.length > 0,
    subOrders: subs.map((s) => baseView(s, lines.get(s.id) ?? [])),
    claimPageStyle: seller
      ? effectiveClaimStyle(seller, seller.customClaimPageStyle, new Date(ctx.clock()))
      : null,
  };
}

/** GET /api/orders/claim/:orderId/:email and /api/orders/claim-api/:authKey. */
export async function viewOrder(ctx: AppContext, access: OrderAccess): Promise<ClaimOrderView> {
  return claimView(ctx, await findAccessibleOrder(ctx.db, access));
}

/** Asks Roblox for the user, outside any transaction (in sandbox mode the emulator shares the database). */
async function findRobloxUser(ctx: AppContext, username: string): Promise<RobloxUser> {
  const user = await findRobloxUserByName(ctx, username);
  if (!user) throw badRequest(CLAIM_TEXTS.robloxUserNotFound);
  return user;
}

/**
 * Step 1's confirmation (POST /api/orders/claim, /claim-api and /claim/lock-username): the Roblox user is locked to
 * the order. Locking the same name again changes nothing; another name needs Change Username first.
 */
export async function lockUsername(
  ctx: AppContext,
  access: OrderAccess,
  rawUsername: string,
): Promise<ClaimOrderView> {
  const username = rawUsername.trim();
  if (!username) throw badRequest(CLAIM_TEXTS.usernameRequired);
  const order = await gameOrder(ctx.db, await findAccessibleOrder(ctx.db, access));
  assertOpen(order);
  assertLockableBy(order, username);
  const roblox = await findRobloxUser(ctx, username);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedForUpdate(tx, order.id);
    assertOpen(current);
    assertLockableBy(current, roblox.name);
    await lockClaimant(ctx, tx, current, roblox);
    if (!current.claimedAt) await orderClaimedHook.fire(ctx, tx, { orderId: order.id });
  });
  return claimView(ctx, (await orderById(ctx.db, order.id)) as OrderRow);
}

/**
 * Change Username (POST /api/orders/claim/reset-username): allowed until the order is completed; a pending order
 * goes back to unclaimed, and the friend request the bot had not sent yet is withdrawn.
 */
export async function resetUsername(ctx: AppContext, access: OrderAccess): Promise<ClaimOrderView> {
  const order = await gameOrder(ctx.db, await findAccessibleOrder(ctx.db, access));
  assertOpen(order);
  await ctx.db.transaction(async (tx) => {
    const current = await lockedForUpdate(tx, order.id);
    assertOpen(current);
    await resetClaim(ctx, tx, current);
    await withdrawFriendRequest(tx, order.id);
  });
  return claimView(ctx, (await orderById(ctx.db, order.id)) as OrderRow);
}

/** GET /api/orders/private-server/...: the private server of the seller's bot for the order's game. */
export async function privateServer(
  ctx: AppContext,
  access: OrderAccess,
  game?: Game,
): Promise<PrivateServerResponse> {
  const order = await gameOrder(ctx.db, await findAccessibleOrder(ctx.db, access), game);
  assertOpen(order);
  const orderGame = order.game as Game;
  const bot = await sellerBotForGame(ctx.db, order.userId, orderGame);
  const serverLink = await privateServerLinkFor(ctx.db, bot ?? { game: orderGame, privateServerLink: null });
  const message = bot
    ? `Join the private server, add ${bot.botUsername} as a friend and accept the bot's trade request.`
    : "Join the private server; the seller's bot will meet you there with your items.";
  return { serverLink, gameType: orderGame, message };
}

/** The bot's Roblox user id: stored, else looked up by name (null when Roblox does not know it). */
async function botRobloxUserId(ctx: AppContext, botId: string): Promise<number | null> {
  const bot = await botById(ctx.db, botId);
  if (!bot) return null;
  if (bot.robloxUserId) return bot.robloxUserId;
  try {
    return (await ctx.providers.roblox.findUserByUsername(bot.botUsername))?.id ?? null;
  } catch (err) {
    ctx.log.warn({ err }, "roblox lookup of a bot failed");
    return null;
  }
}

/**
 * Step 2 (POST /api/bots/turn-on): the seller's bot for the order's game is turned on (pending_online for 300 s),
 * the order becomes pending on it and a friend request to the buyer is queued for the bot.
 */
export async function turnOnBot(
  ctx: AppContext,
  access: OrderAccess,
  game: Game,
): Promise<TurnOnBotResponse> {
  const order = await gameOrder(ctx.db, await findAccessibleOrder(ctx.db, access), game);
  assertOpen(order);
  if (!order.usernameLocked) throw conflict(CLAIM_TEXTS.usernameNotLocked);
  const { bot, link } = await ctx.db.transaction(async (tx) => {
    const current = await lockedForUpdate(tx, order.id);
    assertOpen(current);
    if (!current.usernameLocked) throw conflict(CLAIM_TEXTS.usernameNotLocked);
    return dispatchBotForOrder(ctx, tx, current);
  });
  return { serverLink: link, botUsername: bot.botUsername, botUserId: await botRobloxUserId(ctx, bot.id) };
}

/**
 * POST /api/friend-requests: the order's bot (re)sends its friend request to the buyer. The bot agent sends it in
 * game from its work list; where the Roblox provider can send it at once (the sandbox's emulated game), it is sent
 * right away, so the claim page works without a running agent.
 */
export async function requestFriendship(
  ctx: AppContext,
  access: OrderAccess,
  body: { username: string; botUserId: number | null; game?: Game },
): Promise<void> {
  const order = await gameOrder(ctx.db, await findAccessibleOrder(ctx.db, access), body.game);
  assertOpen(order);
  if (!order.usernameLocked || !order.robloxUserId || !order.robloxUsername)
    throw conflict(CLAIM_TEXTS.usernameNotLocked);
  if (order.robloxUsername.toLowerCase() !== body.username.trim().toLowerCase())
    throw badRequest(CLAIM_TEXTS.usernameMismatch);
  if (!order.botId) throw conflict(CLAIM_TEXTS.botNotTurnedOn);
  const bot = await botById(ctx.db, order.botId);
  if (!bot) throw conflict(CLAIM_TEXTS.botNotTurnedOn);
  const botUserId = bot.robloxUserId ?? (await botRobloxUserId(ctx, bot.id));
  if (body.botUserId !== null && botUserId !== null && body.botUserId !== botUserId)
    throw badRequest(CLAIM_TEXTS.wrongBot);
  const sentNow = await ctx.providers.roblox.sendFriendRequestNow(bot.botUsername, order.robloxUserId);
  const request = { botId: bot.id, robloxUserId: order.robloxUserId, robloxUsername: order.robloxUsername };
  await queueFriendRequest(ctx.db, order.id, request, sentNow ? new Date(ctx.clock()) : null);
}
