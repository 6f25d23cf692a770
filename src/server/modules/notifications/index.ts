import type { AppModule } from "../../context.js";
import { onOrderCompleted, onOrdersCreated } from "../orders/index.js";
import {
  DISCORD_JOB,
  notifyOrderDelivered,
  notifyOrdersCreated,
  sendDiscordNotification,
} from "./service.js";

export { notifyLowStock } from "./service.js";

/**
 * Discord notifications: the durable "discord.send" job, queued from the order hooks (created, completed) and for a
 * listing the intake sold out. Other stock changes call notifyLowStock themselves. No HTTP routes.
 */
export const notificationsModule: AppModule = {
  name: "notifications",
  prefixes: [],
  async plugin(_app, { ctx }) {
    ctx.jobs.define({
      name: DISCORD_JOB,
      retryLimit: 8,
      retryDelaySeconds: 5,
      handler: (data, job) => sendDiscordNotification(ctx, data, job?.id),
    });
    onOrdersCreated(ctx, ({ events }) => notifyOrdersCreated(ctx, events));
    onOrderCompleted(ctx, async ({ orderId }) => {
      await ctx.db.transaction((tx) => notifyOrderDelivered(ctx, tx, orderId));
    });
  },
};
