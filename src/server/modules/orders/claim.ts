import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { orders } from "../../db/schema/orders.js";
import type { OrderRow } from "./create.js";
import { moveTo } from "./transitions.js";

/**
 * What the buyer's claim (claims module) and the bot's dispatch (bots module) change on an order the caller has
 * locked and checked, each in the caller's transaction and announced to the seller's open pages.
 */

/** Step 1 of a claim: the Roblox user is locked to the order, which counts as claimed from the first lock on. */
export async function lockClaimant(
  ctx: AppContext,
  tx: Tx,
  order: Pick<OrderRow, "id" | "userId" | "claimedAt">,
  roblox: { id: number; name: string },
): Promise<void> {
  await tx
    .update(orders)
    .set({
      robloxUsername: roblox.name,
      robloxUserId: roblox.id,
      usernameLocked: true,
      claimedAt: order.claimedAt ?? new Date(ctx.clock()),
    })
    .where(eq(orders.id, order.id));
  await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
}

/** Change Username: the order forgets its buyer and bot, and a pending order is unclaimed again. */
export async function resetClaim(
  ctx: AppContext,
  tx: Tx,
  order: Pick<OrderRow, "id" | "userId" | "status">,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      robloxUsername: null,
      robloxUserId: null,
      usernameLocked: false,
      claimedAt: null,
      status: order.status === "unclaimed" ? order.status : moveTo(order.status, "unclaimed"),
      botId: null,
    })
    .where(eq(orders.id, order.id));
  await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
}

/** Step 2 (Turn On Bot, again while pending): the order becomes pending on the bot, claimed from the first time. */
export async function assignBot(
  ctx: AppContext,
  tx: Tx,
  order: Pick<OrderRow, "id" | "userId" | "status">,
  botId: string,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: moveTo(order.status, "pending"),
      botId,
      claimedAt: sql`coalesce(${orders.claimedAt}, now())`,
    })
    .where(eq(orders.id, order.id));
  await ctx.events.publish({ userId: order.userId, type: "orders" }, tx);
}
