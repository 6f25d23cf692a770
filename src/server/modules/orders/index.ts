import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { onInventoryCredited } from "../inventory/index.js";
import { defineOrderCompletedJob } from "./completion.js";
import { orderCancelledHook, orderCreatedHook } from "./hooks.js";
import { RELEASE_UNPAID_JOB, releaseUnpaidOrders, retryFailedOrders } from "./recovery.js";
import { sellerRoutes } from "./routes.js";

export { cancelOrder, cancelPurchase, queueFollowUps } from "./cancel.js";
export { assignBot, lockClaimant, resetClaim } from "./claim.js";
export { completeOrder, onOrderCompleted } from "./completion.js";
export { createOrders, newAuthKey, type OrderDraft, type OrderRow, orderInserts } from "./create.js";
export { countOrdersOfCustomer, redactCustomerEmail, redactShopCustomerEmails } from "./customers.js";
export {
  ORDER_CREATED_JOB,
  type OrderCreatedBatch,
  type OrderCreatedEvent,
  onOrderCancelled,
  onOrdersCreated,
} from "./hooks.js";
export type { CancelStatus, RefundableItem } from "./lifecycle-rules.js";
export { markPurchasePaid, refundItems } from "./purchase.js";
export {
  countOpenOrders,
  lockOrder,
  lockWithdrawal,
  openWithdrawalOf,
  orderByAuthKey,
  orderById,
  orderLines,
  ordersOfShopifyPurchase,
  ordersWithSubOrders,
  subOrdersOf,
  topOrdersOfShopifyId,
} from "./queries.js";
export { releaseUnpaidOrders, retryFailedOrders } from "./recovery.js";
export { claimBaseUrl, SELLER_ORDER_FILTER, SELLER_ORDER_SELECT, toSellerOrder } from "./service.js";

/**
 * Orders: the one writer of the orders and order_items tables. Their creation (`createOrders`, and the insert the
 * shopify module's intake embeds), the lifecycle after it (payment, cancellation, refunds, retries when stock
 * returns; decision 028), the claim and the bot's dispatch, completion, the seller's list, and the post-commit hooks
 * other modules follow ("orders.created", "orders.completed", "orders.cancelled" jobs). Other modules change an
 * order only through the operations exported here; a status moves only as transitions.ts allows.
 */
export const ordersModule: AppModule = {
  name: "orders",
  prefixes: ["/api/orders"],
  async plugin(app, { ctx }) {
    orderCreatedHook.define(ctx);
    orderCancelledHook.define(ctx);
    defineOrderCompletedJob(ctx);
    ctx.jobs.define({
      name: RELEASE_UNPAID_JOB,
      schedule: "*/15 * * * *",
      retryLimit: 2,
      handler: async () => {
        await releaseUnpaidOrders(ctx);
      },
    });
    onInventoryCredited(ctx, async ({ userId, itemIds }) => {
      await retryFailedOrders(ctx, userId, itemIds);
    });
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
  },
};
