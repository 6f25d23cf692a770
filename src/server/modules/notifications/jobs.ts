import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { onOrderCompleted } from "../orders/completion.js";
import { orderCreatedHook } from "../orders/events.js";
import {
  DISCORD_JOB,
  notifyOrderDelivered,
  notifyOrdersCreated,
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
  orderCreatedHook.on(ctx, ({ events }) => notifyOrdersCreated(ctx, events));
  onOrderCompleted(ctx, async ({ orderId }) => {
    await ctx.db.transaction((tx) => notifyOrderDelivered(ctx, tx, orderId));
  });
}
