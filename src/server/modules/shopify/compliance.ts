import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { shopifyOrderReceipts, shops } from "../../db/schema/shopify.js";
import { redactShopCustomerEmails } from "../orders/index.js";

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

/**
 * shop/redact (sent 48 hours after an uninstall): the store's data goes: its connection (token), its intake
 * receipts, and the buyers' e-mails on its orders. The seller's own records of the orders stay.
 */
export async function redactShop(ctx: AppContext, shop: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await redactShopCustomerEmails(tx, shop);
    await tx.delete(shopifyOrderReceipts).where(eq(shopifyOrderReceipts.shopDomain, shop));
    await tx.delete(shops).where(and(eq(shops.domain, shop), isNotNull(shops.uninstalledAt)));
  });
}
