import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { at } from "../../db/rows.js";
import { shopifyOrderStates, shopifyRefunds } from "../../db/schema/shopify.js";
import {
  cancelPurchase,
  markPurchasePaid,
  ordersOfShopifyPurchase,
  queueFollowUps,
  refundItems,
} from "../orders/index.js";
import { type RefundLine, refundReleases, stateAction } from "./order-rules.js";

/** A lifecycle webhook's view of the order (orders/paid, orders/updated, orders/cancelled). */
export interface ShopifyOrderEvent {
  shopifyOrderId: string;
  financialStatus: string | null;
  cancelledAt: Date | null;
  updatedAt: Date;
  eventId: string | null;
}

// Named when the orders module held it; jobs queued under this name must still find their handler.
const APPLY_STATE_JOB = "orders.apply-shopify-state";

/** How long after an event that found no order yet its state is applied again (decision 028: the intake race). */
const REAPPLY_AFTER_SECONDS = 30;

/**
 * Remembers Shopify's state of an order unless a newer one is known: an event older than the stored one (by
 * Shopify's `updated_at`) or the same event again (its `X-Shopify-Event-Id`) changes nothing. An event without an
 * id is never "the same again": two missing ids are no proof of one event, and taking them as one would drop every
 * later change (a cancellation) of that order; its time alone decides, and applying a state twice is harmless. A
 * cancellation is final. Answers whether the state moved.
 */
export async function recordShopifyOrderEvent(
  ctx: AppContext,
  shop: string,
  event: ShopifyOrderEvent,
): Promise<boolean> {
  const rows = await ctx.db
    .insert(shopifyOrderStates)
    .values({
      shopDomain: shop,
      shopifyOrderId: event.shopifyOrderId,
      financialStatus: event.financialStatus,
      cancelledAt: event.cancelledAt,
      shopifyUpdatedAt: event.updatedAt,
      lastEventId: event.eventId,
    })
    .onConflictDoUpdate({
      target: [shopifyOrderStates.shopDomain, shopifyOrderStates.shopifyOrderId],
      set: {
        financialStatus: sql`excluded.financial_status`,
        cancelledAt: sql`COALESCE(${shopifyOrderStates.cancelledAt}, excluded.cancelled_at)`,
        shopifyUpdatedAt: sql`excluded.shopify_updated_at`,
        lastEventId: sql`excluded.last_event_id`,
      },
      setWhere: sql`excluded.shopify_updated_at >= ${shopifyOrderStates.shopifyUpdatedAt}
        AND (excluded.last_event_id IS NULL OR excluded.last_event_id IS DISTINCT FROM ${shopifyOrderStates.lastEventId})`,
    })
    .returning({ id: shopifyOrderStates.shopifyOrderId });
  return rows.length > 0;
}

/** Remembers a refund once (by its id); answers whether it is new. */
export async function recordShopifyRefund(
  ctx: AppContext,
  shop: string,
  refund: { id: string; shopifyOrderId: string; lines: RefundLine[] },
): Promise<boolean> {
  const rows = await ctx.db
    .insert(shopifyRefunds)
    .values({
      shopDomain: shop,
      refundId: refund.id,
      shopifyOrderId: refund.shopifyOrderId,
      lines: refund.lines,
    })
    .onConflictDoNothing()
    .returning({ id: shopifyRefunds.refundId });
  return rows.length > 0;
}

/**
 * Brings a Shopify purchase's orders in line with what its lifecycle webhooks said: cancelled (or refunded) when
 * Shopify cancelled it, claimable once paid, and each refund not yet applied given back. One transaction with the
 * purchase's orders locked, so two webhooks at once apply in turn; every step is idempotent. Answers "no_orders"
 * when orders/create has not been taken in yet (the intake applies the state when it comes).
 */
async function applyShopifyOrderState(
  ctx: AppContext,
  shop: string,
  shopifyOrderId: string,
): Promise<"applied" | "no_orders"> {
  return ctx.db.transaction(async (tx) => {
    const purchase = await ordersOfShopifyPurchase(tx, shop, shopifyOrderId, true);
    if (purchase.length === 0) return "no_orders";
    const userId = at(purchase, 0).userId;
    const [state] = await tx
      .select()
      .from(shopifyOrderStates)
      .where(
        and(eq(shopifyOrderStates.shopDomain, shop), eq(shopifyOrderStates.shopifyOrderId, shopifyOrderId)),
      );
    const followUp = { orderIds: [] as string[], listingIds: [] as string[] };
    const action = state ? stateAction(state) : { kind: "wait" as const };
    if (action.kind === "cancel")
      followUp.listingIds.push(...(await cancelPurchase(ctx, tx, purchase, action.as)));
    if (action.kind === "paid") followUp.orderIds.push(...(await markPurchasePaid(ctx, tx, purchase)));
    const refunds = await tx
      .select()
      .from(shopifyRefunds)
      .where(
        and(
          eq(shopifyRefunds.shopDomain, shop),
          eq(shopifyRefunds.shopifyOrderId, shopifyOrderId),
          isNull(shopifyRefunds.appliedAt),
        ),
      )
      .orderBy(asc(shopifyRefunds.receivedAt))
      .for("update");
    for (const refund of refunds) {
      const lines = refund.lines as RefundLine[];
      followUp.listingIds.push(
        ...(await refundItems(ctx, tx, purchase, (items) => refundReleases(items, lines))),
      );
      await tx
        .update(shopifyRefunds)
        .set({ appliedAt: new Date(ctx.clock()) })
        .where(and(eq(shopifyRefunds.shopDomain, shop), eq(shopifyRefunds.refundId, refund.refundId)));
    }
    await queueFollowUps(ctx, tx, userId, followUp);
    return "applied";
  });
}

/**
 * After a lifecycle webhook: applies the state now, and when orders/create may still be on its way (no order
 * yet), once more a little later, which closes the window where the intake read before the state was stored.
 */
export async function applyShopifyOrderStateSoon(
  ctx: AppContext,
  shop: string,
  shopifyOrderId: string,
): Promise<"applied" | "no_orders"> {
  const result = await applyShopifyOrderState(ctx, shop, shopifyOrderId);
  if (result === "no_orders")
    await ctx.jobs.send(
      APPLY_STATE_JOB,
      { shop, shopifyOrderId },
      { startAfterSeconds: REAPPLY_AFTER_SECONDS },
    );
  return result;
}

/** The delayed re-apply (see applyShopifyOrderStateSoon); once per app. */
export function defineApplyStateJob(ctx: AppContext): void {
  ctx.jobs.define<{ shop: string; shopifyOrderId: string }>({
    name: APPLY_STATE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    handler: async ({ shop, shopifyOrderId }) => {
      await applyShopifyOrderState(ctx, shop, shopifyOrderId);
    },
  });
}
