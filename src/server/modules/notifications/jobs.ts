import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { onOrderCompleted } from "../orders/completion.js";
import { onOrderCreated } from "../orders/events.js";
import {
  DISCORD_JOB,
  notifyLowStock,
  notifyOrderCreated,
  notifyOrderDelivered,
  sendDiscordNotification,
} from "./service.js";

/**
 * Discord notifications: the durable "discord.send" job, queued from the order hooks (created, completed) and for a
 * listing the intake sold out. Other stock changes call notifyLowStock themselves.
 */
export async function registerNotifications(_app: FastifyInstance, ctx: AppContext): Promise<void> {
  ctx.jobs.define({
    name: DISCORD_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    handler: (data) => sendDiscordNotification(ctx, data),
  });
  onOrderCreated(ctx, async ({ orderIds, listingIds }) => {
    await ctx.db.transaction(async (tx) => {
      for (const orderId of orderIds) await notifyOrderCreated(ctx, tx, orderId);
      for (const listingId of listingIds) await notifyLowStock(ctx, tx, listingId, orderIds[0]);
    });
  });
  onOrderCompleted(ctx, async ({ orderId }) => {
    await ctx.db.transaction((tx) => notifyOrderDelivered(ctx, tx, orderId));
  });
}
