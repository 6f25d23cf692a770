import { eq, inArray, lt } from "drizzle-orm";
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
import { missing } from "../../db/rows.js";
import { listings } from "../../db/schema/listings.js";
import { notificationDeliveries, notificationReceipts } from "../../db/schema/notifications.js";
import { DiscordRateLimitError, DiscordWebhookError } from "../../integrations/discord/index.js";
import { usersByIds } from "../auth/index.js";
import { itemsByIds } from "../items/index.js";
import { type OrderCreatedEvent, orderLines, ordersWithSubOrders } from "../orders/index.js";
import { buildDiscordMessage, type DiscordPreferences, wantsNotification } from "./messages.js";

export const DISCORD_JOB = "discord.send";

/** A queued Discord message: who it is for, what happened (captured when it happened), and how often Discord said wait. */
type DiscordJob = NotificationPayload & { userId: string; occurredAt: string; rateLimited?: number };

// A webhook that keeps answering 429 is given up on after this many waits (each as long as Discord asked).
const MAX_RATE_LIMITED = 20;

/** Several sellers' settings in one statement, by seller id. */
async function preferencesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, DiscordPreferences>> {
  const rows = await usersByIds(db, userIds);
  return new Map(rows.map((user) => [user.id, user]));
}

async function preferences(db: DbOrTx, userId: string): Promise<DiscordPreferences | null> {
  return (await preferencesOf(db, [userId])).get(userId) ?? null;
}

/** A message to queue for a seller; with `dedupeKey`, an event seen again (a retried job) queues nothing more. */
interface PendingNotification {
  userId: string;
  notification: NotificationPayload;
  dedupeKey?: string;
}

/**
 * Queues the Discord messages the sellers want, on `tx` so the jobs commit with the change that caused them, in
 * three statements whatever their number (settings, receipts, jobs). Answers, per notification, whether it queued.
 */
async function enqueueNotifications(
  ctx: AppContext,
  tx: DbOrTx,
  pending: PendingNotification[],
): Promise<boolean[]> {
  if (pending.length === 0) return [];
  const prefs = await preferencesOf(
    tx,
    pending.map((p) => p.userId),
  );
  const now = new Date(ctx.clock());
  const wanted = pending.map((p) => {
    const seller = prefs.get(p.userId);
    return seller !== undefined && wantsNotification(seller, p.notification.kind, now);
  });
  const keys = [...new Set(pending.flatMap((p, i) => (wanted[i] && p.dedupeKey ? [p.dedupeKey] : [])))];
  const fresh = new Set(
    keys.length === 0
      ? []
      : (
          await tx
            .insert(notificationReceipts)
            .values(keys.map((key) => ({ key })))
            .onConflictDoNothing()
            .returning({ key: notificationReceipts.key })
        ).map((r) => r.key),
  );
  const occurredAt = now.toISOString();
  const queued = pending.map((p, i) => {
    if (!wanted[i] || p.dedupeKey === undefined) return wanted[i] === true;
    // The same key twice in one call is one event: only its first notification takes the receipt.
    return fresh.delete(p.dedupeKey);
  });
  const jobs: DiscordJob[] = pending.flatMap((p, i) =>
    queued[i] ? [{ ...p.notification, userId: p.userId, occurredAt }] : [],
  );
  await ctx.jobs.sendMany(DISCORD_JOB, jobs, { tx });
  return queued;
}

/** Queues one Discord message when the seller wants this kind (see enqueueNotifications). Answers whether it queued. */
async function enqueueNotification(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  notification: NotificationPayload,
  dedupeKey?: string,
): Promise<boolean> {
  const [queued = missing("the notification's outcome")] = await enqueueNotifications(ctx, tx, [
    { userId, notification, dedupeKey },
  ]);
  return queued;
}

interface OrderFacts {
  userId: string;
  source: string;
  status: string;
  parentOrderId: string | null;
  hasSubOrders: boolean;
  data: OrderNotification;
}

/**
 * What messages say about orders: their own items, or for a multi-game parent those of its sub-orders. Three
 * statements for any number of orders; missing orders are left out.
 */
async function orderNotifications(db: DbOrTx, orderIds: string[]): Promise<OrderFacts[]> {
  if (orderIds.length === 0) return [];
  const rows = await ordersWithSubOrders(db, orderIds);
  const subOrders = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parentOrderId)
      subOrders.set(row.parentOrderId, [...(subOrders.get(row.parentOrderId) ?? []), row.id]);
  }
  const itemLines = await orderLines(db, [...new Set(rows.map((r) => r.id))]);
  const catalogue = new Map(
    (
      await itemsByIds(
        db,
        itemLines.map((l) => l.itemId),
      )
    ).map((i) => [i.id, i]),
  );
  const lines = itemLines.map(({ orderId, itemId, quantity }) => {
    const item = catalogue.get(itemId) ?? missing("the order item's item");
    return { orderId, name: item.publicName, game: item.game, quantity };
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(orderIds)]
    .flatMap((id) => byId.get(id) ?? [])
    .map((order) => {
      const lineOrderIds = new Set(subOrders.get(order.id) ?? [order.id]);
      const own = lines.filter((l) => lineOrderIds.has(l.orderId));
      const games = [...new Set([...(order.game ? [order.game] : []), ...own.map((l) => l.game)])];
      return {
        userId: order.userId,
        source: order.source,
        status: order.status,
        parentOrderId: order.parentOrderId,
        hasSubOrders: subOrders.has(order.id),
        data: {
          orderId: order.id,
          orderNumber: order.shopifyOrderNumber,
          source: order.source,
          games,
          items: own.map((l) => ({ name: l.name, quantity: l.quantity })),
          totalAmount: order.totalAmount,
          robloxUsername: order.robloxUsername,
        },
      };
    });
}

/** Orders not (or no longer) a sale to announce: unpaid yet (announced once paid), cancelled or refunded. */
const UNANNOUNCED_STATUSES = ["awaiting_payment", "cancelled", "refunded"];

/**
 * A sale came in. A withdrawal is not a sale; a multi-game purchase is announced once, by its parent; an unpaid
 * one when its payment arrives (decision 028).
 */
async function orderCreatedNotifications(db: DbOrTx, orderIds: string[]): Promise<PendingNotification[]> {
  return (await orderNotifications(db, orderIds))
    .filter(
      (order) =>
        order.source !== "withdrawal" && !order.parentOrderId && !UNANNOUNCED_STATUSES.includes(order.status),
    )
    .map((order) => ({
      userId: order.userId,
      notification: { kind: "order_created", payload: order.data },
      dedupeKey: `order_created:${order.data.orderId}`,
    }));
}

/**
 * The out-of-stock message of each listing whose stock is 0. eventKey names the change (e.g. the order that sold
 * the last unit), so the same change seen twice (a retried job) sends one message.
 */
async function lowStockNotifications(
  db: DbOrTx,
  changes: { listingId: string; eventKey?: string }[],
): Promise<PendingNotification[]> {
  if (changes.length === 0) return [];
  const rows = await db
    .select()
    .from(listings)
    .where(inArray(listings.id, [...new Set(changes.map((c) => c.listingId))]));
  const byId = new Map(rows.map((l) => [l.id, l]));
  return changes.flatMap(({ listingId, eventKey }) => {
    const listing = byId.get(listingId);
    if (!listing || listing.stockQuantity > 0) return [];
    const payload = {
      listingId: listing.id,
      title: listing.title,
      game: listing.game,
      stockQuantity: listing.stockQuantity,
    };
    const dedupeKey = eventKey ? `low_stock:${listingId}:${eventKey}` : undefined;
    return [{ userId: listing.userId, notification: { kind: "low_stock" as const, payload }, dedupeKey }];
  });
}

/** Idempotent: safe in a retried job. */
export async function notifyOrderCreated(ctx: AppContext, tx: DbOrTx, orderId: string): Promise<boolean> {
  const [queued = false] = await enqueueNotifications(
    ctx,
    tx,
    await orderCreatedNotifications(tx, [orderId]),
  );
  return queued;
}

/**
 * The "orders.created" messages of a whole intake batch: each purchase's sale and the listings it sold out, in a
 * constant number of statements. Sellers who get no Discord messages cost one statement and no transaction.
 * Idempotent: safe in a retried job.
 */
export async function notifyOrdersCreated(ctx: AppContext, events: OrderCreatedEvent[]): Promise<void> {
  const prefs = await preferencesOf(
    ctx.db,
    events.map((e) => e.userId),
  );
  const now = new Date(ctx.clock());
  const listening = events.filter((e) => {
    const seller = prefs.get(e.userId);
    return (
      seller !== undefined &&
      (wantsNotification(seller, "order_created", now) || wantsNotification(seller, "low_stock", now))
    );
  });
  if (listening.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const sales = await orderCreatedNotifications(
      tx,
      listening.flatMap((e) => e.orderIds),
    );
    const soldOut = await lowStockNotifications(
      tx,
      listening.flatMap((e) => e.listingIds.map((listingId) => ({ listingId, eventKey: e.orderIds[0] }))),
    );
    await enqueueNotifications(ctx, tx, [...sales, ...soldOut]);
  });
}

/**
 * An order reached its buyer (`order_delivered`), or was refunded after that (`order_refunded_after_delivery`). Each
 * game's sub-order is delivered (and announced) on its own, so a parent is not announced again; withdrawals are the
 * seller's own items. Idempotent: safe in a retried job.
 */
export async function notifyAfterDelivery(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: string,
  kind: "order_delivered" | "order_refunded_after_delivery" = "order_delivered",
): Promise<boolean> {
  const [order] = await orderNotifications(tx, [orderId]);
  if (!order || order.source === "withdrawal" || order.hasSubOrders) return false;
  return enqueueNotification(ctx, tx, order.userId, { kind, payload: order.data }, `${kind}:${orderId}`);
}

/**
 * Call it (in the transaction that lowered the stock) when a listing's stock may have reached zero; it queues the
 * out-of-stock message only when the stock is 0 (see lowStockNotifications for eventKey).
 */
export async function notifyLowStock(
  ctx: AppContext,
  tx: DbOrTx,
  listingId: string,
  eventKey?: string,
): Promise<boolean> {
  const [queued = false] = await enqueueNotifications(
    ctx,
    tx,
    await lowStockNotifications(tx, [{ listingId, eventKey }]),
  );
  return queued;
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

/**
 * Claims the job's one delivery before Discord is called: false when an earlier run of the same job (one whose
 * process died before pg-boss heard it finish) already claimed it, and may have sent it.
 */
async function claimDelivery(ctx: AppContext, jobId: string): Promise<boolean> {
  const claimed = await ctx.db
    .insert(notificationDeliveries)
    .values({ jobId })
    .onConflictDoNothing()
    .returning({ jobId: notificationDeliveries.jobId });
  return claimed.length > 0;
}

/** Discord answered that it did not take the message: a retry may send it. */
async function releaseDelivery(ctx: AppContext, jobId: string): Promise<void> {
  await ctx.db.delete(notificationDeliveries).where(eq(notificationDeliveries.jobId, jobId));
}

/** A Discord job's retries end within hours (8 tries with backoff), so its delivery row is of no use after a week. */
const DELIVERY_KEEP_MS = 7 * 86_400_000;

/** Deletes the delivery rows older than a week; answers how many. */
export async function deleteOldDeliveries(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(notificationDeliveries)
    .where(lt(notificationDeliveries.createdAt, new Date(now.getTime() - DELIVERY_KEEP_MS)))
    .returning({ jobId: notificationDeliveries.jobId });
  return gone.length;
}

/**
 * The "discord.send" job. The seller's settings are read again (a webhook removed or switched off meanwhile means
 * no message). A 429 parks the message as a new job that starts after Discord's retry_after; a 5xx or network
 * error throws so pg-boss retries; a webhook Discord refuses for good (deleted, bad) is dropped with a warning.
 * With the job's id, the message is sent at most once for that job (claimDelivery), even across a crash.
 */
export async function sendDiscordNotification(ctx: AppContext, data: unknown, jobId?: string): Promise<void> {
  const job = parseJob(data);
  if (!job) {
    ctx.log.warn("dropped a malformed discord.send job");
    return;
  }
  const prefs = await preferences(ctx.db, job.userId);
  if (!prefs || !wantsNotification(prefs, job.kind as NotificationKind, new Date(ctx.clock()))) return;
  const message = buildDiscordMessage(job, {
    pingEveryone: prefs.discordPingEveryone,
    at: new Date(job.occurredAt),
  });
  if (jobId && !(await claimDelivery(ctx, jobId))) {
    ctx.log.warn(
      { userId: job.userId, jobId },
      "discord message already sent by an earlier run of its job; skipped",
    );
    return;
  }
  try {
    await ctx.providers.discord.executeWebhook(prefs.discordWebhookUrl as string, message);
  } catch (err) {
    if (jobId) await releaseDelivery(ctx, jobId);
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
