import { and, eq, inArray, sql } from "drizzle-orm";
import type { ItemCost, SetItemCostsRequest } from "../../../contract/analytics.js";
import { INVENTORY_TEXTS } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { itemCosts } from "../../db/schema/inventory.js";
import { items } from "../../db/schema/items.js";
import { notFound } from "../../http/errors.js";

/** GET /api/inventory/costs: the unit costs the seller has set (items without one are not listed). */
export async function listItemCosts(db: Db, userId: string): Promise<ItemCost[]> {
  const rows = await db
    .select({ itemId: itemCosts.itemId, unitCost: itemCosts.unitCost })
    .from(itemCosts)
    .where(eq(itemCosts.userId, userId));
  return rows.map((r) => ({ itemId: r.itemId, unitCost: r.unitCost }));
}

/**
 * PUT /api/inventory/costs: every cost of the request or none (one transaction); null clears a cost. Costs apply
 * to every order, past ones too, the moment they are saved (decision 045).
 */
export async function setItemCosts(
  ctx: AppContext,
  userId: string,
  body: SetItemCostsRequest,
): Promise<ItemCost[]> {
  const ids = body.costs.map((c) => c.itemId);
  const known = await ctx.db.select({ id: items.id }).from(items).where(inArray(items.id, ids));
  if (known.length !== ids.length) throw notFound(INVENTORY_TEXTS.itemNotFound);
  const now = new Date(ctx.clock());
  const set = body.costs.filter((c) => c.unitCost !== null);
  const cleared = body.costs.filter((c) => c.unitCost === null).map((c) => c.itemId);
  await ctx.db.transaction(async (tx) => {
    if (set.length)
      await tx
        .insert(itemCosts)
        .values(
          set.map((c) => ({ userId, itemId: c.itemId, unitCost: c.unitCost as string, updatedAt: now })),
        )
        .onConflictDoUpdate({
          target: [itemCosts.userId, itemCosts.itemId],
          set: { unitCost: sql`excluded.unit_cost`, updatedAt: now },
        });
    if (cleared.length)
      await tx.delete(itemCosts).where(and(eq(itemCosts.userId, userId), inArray(itemCosts.itemId, cleared)));
  });
  return listItemCosts(ctx.db, userId);
}
