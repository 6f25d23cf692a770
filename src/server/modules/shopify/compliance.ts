import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { orders } from "../../db/schema/orders.js";
import { shopifyOrderReceipts, shops } from "../../db/schema/shopify.js";

/** app/uninstalled: the token is dead; orders from this store are ignored until it is installed again. */
export async function markUninstalled(ctx: AppContext, shop: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(shops)
      .set({ uninstalledAt: new Date(ctx.clock()) })
      .where(and(eq(shops.domain, shop), isNull(shops.uninstalledAt)))
      .returning({ userId: shops.userId });
    for (const r of rows) await ctx.events.publish({ userId: r.userId, type: "user" }, tx);
  });
}

/** customers/data_request: the only customer data Autodrop holds is the e-mail on that store's orders. */
export async function countCustomerOrders(
  ctx: AppContext,
  shop: string,
  email: string | null | undefined,
): Promise<number> {
  if (!email) return 0;
  const rows = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.shopDomain, shop), sql`lower(${orders.customerEmail}) = lower(${email})`));
  return rows[0]?.n ?? 0;
}

/** customers/redact: erases the customer's e-mail from that store's orders (by address and by the listed orders). */
export async function redactCustomer(
  ctx: AppContext,
  shop: string,
  customer: { email: string | null | undefined; orderIds: string[] },
): Promise<number> {
  const who = [
    ...(customer.email ? [sql`lower(${orders.customerEmail}) = lower(${customer.email})`] : []),
    ...(customer.orderIds.length ? [inArray(orders.shopifyOrderId, customer.orderIds)] : []),
  ];
  if (who.length === 0) return 0;
  const rows = await ctx.db
    .update(orders)
    .set({ customerEmail: null })
    .where(and(eq(orders.shopDomain, shop), isNotNull(orders.customerEmail), or(...who)))
    .returning({ id: orders.id });
  return rows.length;
}

/**
 * shop/redact (sent 48 hours after an uninstall): the store's data goes: its connection (token), its intake
 * receipts, and the buyers' e-mails on its orders. The seller's own records of the orders stay.
 */
export async function redactShop(ctx: AppContext, shop: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(orders).set({ customerEmail: null }).where(eq(orders.shopDomain, shop));
    await tx.delete(shopifyOrderReceipts).where(eq(shopifyOrderReceipts.shopDomain, shop));
    await tx.delete(shops).where(and(eq(shops.domain, shop), isNotNull(shops.uninstalledAt)));
  });
}
