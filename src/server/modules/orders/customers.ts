import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { orders } from "../../db/schema/orders.js";

/** The buyers' personal data on orders (their e-mail) as a store's privacy requests ask for it (Shopify compliance). */

/** customers/data_request: how many of the store's orders carry this e-mail (any case). */
export async function countOrdersOfCustomer(
  db: DbOrTx,
  shop: string,
  email: string | null | undefined,
): Promise<number> {
  if (!email) return 0;
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.shopDomain, shop), sql`lower(${orders.customerEmail}) = lower(${email})`));
  return rows[0]?.n ?? 0;
}

/**
 * customers/redact: erases the customer's e-mail from the store's orders, found by the address and by the store's
 * order ids; answers how many orders changed.
 */
export async function redactCustomerEmail(
  db: DbOrTx,
  shop: string,
  customer: { email: string | null | undefined; shopifyOrderIds: string[] },
): Promise<number> {
  const who = [
    ...(customer.email ? [sql`lower(${orders.customerEmail}) = lower(${customer.email})`] : []),
    ...(customer.shopifyOrderIds.length ? [inArray(orders.shopifyOrderId, customer.shopifyOrderIds)] : []),
  ];
  if (who.length === 0) return 0;
  const rows = await db
    .update(orders)
    .set({ customerEmail: null })
    .where(and(eq(orders.shopDomain, shop), isNotNull(orders.customerEmail), or(...who)))
    .returning({ id: orders.id });
  return rows.length;
}

/** shop/redact: erases every buyer's e-mail from the store's orders; the seller's records of the orders stay. */
export async function redactShopCustomerEmails(db: DbOrTx, shop: string): Promise<void> {
  await db.update(orders).set({ customerEmail: null }).where(eq(orders.shopDomain, shop));
}
