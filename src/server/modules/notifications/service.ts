import { eq, inArray } from "drizzle-orm";
import {
  lowStockNotificationSchema,
  type NotificationKind,
  type NotificationPayload,
  notificationKindSchema,
  type OrderNotification,
  orderNotificationSchema,
} from "../../../contract/notifications.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { items, listings, notificationReceipts, orderItems, orders, users } from "../../db/schema/index.js";
import {
  DiscordClient,
  DiscordRateLimitError,
  DiscordWebhookError,
} from "../../integrations/discord/client.js";
import { buildDiscordMessage, type DiscordPreferences, wantsNotification } from "./messages.js";

export const DISCORD_JOB = "discord.send";

/** A queued Discord message: who it is for, what happened (captured when it happened), and how often Discord said wait. */
export type DiscordJob = NotificationPayload & { userId: string; occurredAt: string; rateLimited?: number };

// A webhook that keeps answering 429 is given up on after this many waits (each as long as Discord asked).
const MAX_RATE_LIMITED = 20;

async function preferences(db: DbOrTx, userId: string): Promise<DiscordPreferences | null> {
  const [prefs] = await db
    .select({
      subscriptionTier: users.subscriptionTier,
      subscriptionExpiry: users.subscriptionExpiry,
      discordWebhookUrl: users.discordWebhookUrl,
      discordNotificationsEnabled: users.discordNotificationsEnabled,
      discordOrderCreatedEnabled: users.discordOrderCreatedEnabled,
      discordOrderDeliveredEnabled: users.discordOrderDeliveredEnabled,
      discordPingEveryone: users.discordPingEveryone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return prefs ?? null;
}

/**
 * Queues a Discord message when the seller wants this kind, on `tx` so the job commits with the change that caused
 * it. With `dedupeKey`, an event seen again (a retried job) queues nothing more. Answers whether it queued.
 */
export async function enqueueNotification(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  notification: NotificationPayload,
  dedupeKey?: string,
): Promise<boolean> {
  const prefs = await preferences(tx, userId);
  if (!prefs || !wantsNotification(prefs, notification.kind)) return false;
  if (dedupeKey) {
    const fresh = await tx
      .insert(notificationReceipts)
      .values({ key: dedupeKey })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return false;
  }
  const job: DiscordJob = { ...notification, userId, occurredAt: new Date().toISOString() };
  await ctx.jobs.send(DISCORD_JOB, job, { tx });
  return true;
}

/** What a message says about an order: its own items, or for a multi-game parent those of its sub-orders. */
async function orderNotification(
  db: DbOrTx,
  orderId: string,
): Promise<{
  userId: string;
  source: string;
  parentOrderId: string | null;
  hasSubOrders: boolean;
  data: OrderNotification;
} | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const subOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.parentOrderId, orderId));
  const lineOrderIds = subOrders.length > 0 ? subOrders.map((s) => s.id) : [orderId];
  const lines = await db
    .select({ name: items.publicName, game: items.game, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(inArray(orderItems.orderId, lineOrderIds));
  const games = [...new Set([...(order.game ? [order.game] : []), ...lines.map((l) => l.game)])];
  return {
    userId: order.userId,
    source: order.source,
    parentOrderId: order.parentOrderId,
    hasSubOrders: subOrders.length > 0,
    data: {
      orderId: order.id,
      orderNumber: order.shopifyOrderNumber,
      source: order.source,
      games,
      items: lines.map((l) => ({ name: l.name, quantity: l.quantity })),
      totalAmount: order.totalAmount,
      robloxUsername: order.robloxUsername,
    },
  };
}

/**
 * A sale came in. A withdrawal is not a sale; a multi-game purchase is announced once, by its parent.
 * Idempotent: safe in a retried job.
 */
export async function notifyOrderCreated(ctx: AppContext, tx: DbOrTx, orderId: string): Promise<boolean> {
  const order = await orderNotification(tx, orderId);
  if (!order || order.source === "withdrawal" || order.parentOrderId) return false;
  return enqueueNotification(
    ctx,
    tx,
    order.userId,
    { kind: "order_created", payload: order.data },
    `order_created:${orderId}`,
  );
}

/**
 * An order reached its buyer. Each game's sub-order is delivered (and announced) on its own, so a parent is not
 * announced again; withdrawals are the seller's own items. Idempotent: safe in a retried job.
 */
export async function notifyOrderDelivered(ctx: AppContext, tx: DbOrTx, orderId: string): Promise<boolean> {
  const order = await orderNotification(tx, orderId);
  if (!order || order.source === "withdrawal" || order.hasSubOrders) return false;
  return enqueueNotification(
    ctx,
    tx,
    order.userId,
    { kind: "order_delivered", payload: order.data },
    `order_delivered:${orderId}`,
  );
}

/**
 * Call it (in the transaction that lowered the stock) when a listing's stock may have reached zero; it queues the
 * out-of-stock message only when the stock is 0. eventKey names the change (e.g. the order that sold the last
 * unit), so the same change seen twice (a retried job) sends one message.
 */
export async function notifyLowStock(
  ctx: AppContext,
  tx: DbOrTx,
  listingId: string,
  eventKey?: string,
): Promise<boolean> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId));
  if (!listing || listing.stockQuantity > 0) return false;
  const payload = {
    listingId: listing.id,
    title: listing.title,
    game: listing.game,
    stockQuantity: listing.stockQuantity,
  };
  const dedupeKey = eventKey ? `low_stock:${listingId}:${eventKey}` : undefined;
  return enqueueNotification(ctx, tx, listing.userId, { kind: "low_stock", payload }, dedupeKey);
}

function parseJob(data: unknown): DiscordJob | null {
  const d = data as Partial<DiscordJob> | null;
  const kind = notificationKindSchema.safeParse(d?.kind);
  if (!d || typeof d.userId !== "string" || typeof d.occurredAt !== "string" || !kind.success) return null;
  const schema = kind.data === "low_stock" ? lowStockNotificationSchema : orderNotificationSchema;
  const payload = schema.safeParse(d.payload);
  if (!payload.success) return null;
  return { ...d, kind: kind.data, payload: payload.data } as DiscordJob;
}

export function discordClient(ctx: AppContext): DiscordClient {
  return new DiscordClient(ctx.fetch, ctx.config.services.discordApi);
}

/**
 * The "discord.send" job. The seller's settings are read again (a webhook removed or switched off meanwhile means
 * no message). A 429 parks the message as a new job that starts after Discord's retry_after; a 5xx or network
 * error throws so pg-boss retries; a webhook Discord refuses for good (deleted, bad) is dropped with a warning.
 */
export async function sendDiscordNotification(
  ctx: AppContext,
  data: unknown,
  client = discordClient(ctx),
): Promise<void> {
  const job = parseJob(data);
  if (!job) {
    ctx.log.warn("dropped a malformed discord.send job");
    return;
  }
  const prefs = await preferences(ctx.db, job.userId);
  if (!prefs || !wantsNotification(prefs, job.kind as NotificationKind)) return;
  const message = buildDiscordMessage(job, {
    pingEveryone: prefs.discordPingEveryone,
    at: new Date(job.occurredAt),
  });
  try {
    await client.executeWebhook(prefs.discordWebhookUrl as string, message);
  } catch (err) {
    if (err instanceof DiscordRateLimitError) {
      const rateLimited = (job.rateLimited ?? 0) + 1;
      if (rateLimited > MAX_RATE_LIMITED) {
        ctx.log.error({ userId: job.userId, kind: job.kind }, "discord kept rate limiting; message dropped");
        return;
      }
      await ctx.jobs.send(DISCORD_JOB, { ...job, rateLimited }, { startAfterSeconds: err.retryAfterSeconds });
      ctx.log.info(
        { userId: job.userId, retryAfter: err.retryAfterSeconds },
        "discord rate limited; message rescheduled",
      );
      return;
    }
    if (err instanceof DiscordWebhookError && !err.retryable) {
      ctx.log.warn(
        { userId: job.userId, status: err.status },
        "discord refused the webhook; message dropped",
      );
      return;
    }
    throw err;
  }
}
