import type { AppModule } from "../../context.js";
import { onOrderCancelled, onOrderCompleted, onOrdersCreated } from "../orders/index.js";
import { DISCORD_JOB, notifyAfterDelivery, notifyOrdersCreated, sendDiscordNotification } from "./service.js";

export { deleteOldDeliveries, notifyLowStock } from "./service.js";

/**
 * Discord notifications: the durable "discord.send" job, queued from the order hooks (created, completed, refunded
 * after delivery) and for a listing the intake sold out. Other stock changes call notifyLowStock themselves. No HTTP routes.
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
      await ctx.db.transaction((tx) => notifyAfterDelivery(ctx, tx, orderId));
    });
    onOrderCancelled(ctx, async ({ orderId, outcome }) => {
      if (outcome !== "refunded_after_delivery") return;
      await ctx.db.transaction((tx) =>
        notifyAfterDelivery(ctx, tx, orderId, "order_refunded_after_delivery"),
      );
    });
  },
};
