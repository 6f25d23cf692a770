import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import type { Game } from "../../../contract/games.js";
import type { InventoryEntry } from "../../../contract/inventory.js";
import { INVENTORY_TEXTS } from "../../../contract/inventory.js";
import type { AppContext } from "../../context.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { inventoryBalances } from "../../db/schema/inventory.js";
import { items } from "../../db/schema/items.js";
import { badRequest, notFound } from "../../http/errors.js";
import { jobHook } from "../../jobs/hook.js";
import { type AuditActor, recordAudit } from "../admin/index.js";
import { userById } from "../auth/index.js";
import { applyMovement, balanceEffect, type ItemQuantity, type LedgerKind } from "./ledger.js";

/** Items became available to a seller (a deposit, a grant, a release): what waited for stock may now be served. */
export interface InventoryCreditedEvent {
  userId: string;
  itemIds: string[];
}

export const inventoryCreditedHook = jobHook<InventoryCreditedEvent>("inventory.credited");

/**
 * The one way services change inventory: the ledger movement plus the realtime event for the seller's open pages,
 * and for a credit the "inventory.credited" job, all in the caller's transaction (delivered only if it commits).
 */
export async function moveInventory(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  kind: LedgerKind,
  lines: ItemQuantity[],
  ref: { orderId?: string; note?: string } = {},
): Promise<void> {
  await applyMovement(tx, userId, kind, lines, ref);
  await ctx.events.publish({ userId, type: "inventory" }, tx);
  if (balanceEffect(kind, 1).available > 0)
    await inventoryCreditedHook.fire(ctx, tx, { userId, itemIds: lines.map((l) => l.itemId) });
}

const entryColumns = {
  itemId: inventoryBalances.itemId,
  available: inventoryBalances.available,
  reserved: inventoryBalances.reserved,
  codeName: items.codeName,
  publicName: items.publicName,
  game: items.game,
  imageUrl: items.imageUrl,
};
type EntryRow = {
  itemId: string;
  available: number;
  reserved: number;
  codeName: string;
  publicName: string;
  game: string;
  imageUrl: string;
};

function toEntry(r: EntryRow): InventoryEntry {
  return {
    // One balance row per (seller, item), so the item id identifies the entry.
    id: r.itemId,
    itemId: r.itemId,
    quantity: r.available,
    item: { publicName: r.publicName, codeName: r.codeName, game: r.game as Game, imageUrl: r.imageUrl },
  };
}

/** The seller's inventory page: items with something available. */
export async function listInventory(db: Db, userId: string): Promise<InventoryEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(inventoryBalances)
    .innerJoin(items, eq(items.id, inventoryBalances.itemId))
    .where(and(eq(inventoryBalances.userId, userId), gt(inventoryBalances.available, 0)))
    .orderBy(asc(items.game), asc(items.publicName));
  return rows.map(toEntry);
}

/** The Bot API view: also what open orders hold. */
export async function inventoryDetail(
  db: Db,
  userId: string,
): Promise<(InventoryEntry & { reserved: number })[]> {
  await requireUserExists(db, userId);
  const rows = await db
    .select(entryColumns)
    .from(inventoryBalances)
    .innerJoin(items, eq(items.id, inventoryBalances.itemId))
    .where(
      and(
        eq(inventoryBalances.userId, userId),
        or(gt(inventoryBalances.available, 0), gt(inventoryBalances.reserved, 0)),
      ),
    )
    .orderBy(asc(items.game), asc(items.publicName));
  return rows.map((r) => ({ ...toEntry(r), reserved: r.reserved }));
}

/** The seller's available units of these items; an item they never held is left out. */
export async function availableUnits(
  db: DbOrTx,
  userId: string,
  itemIds: string[],
): Promise<{ itemId: string; available: number }[]> {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: inventoryBalances.itemId, available: inventoryBalances.available })
    .from(inventoryBalances)
    .where(and(eq(inventoryBalances.userId, userId), inArray(inventoryBalances.itemId, itemIds)));
}

async function requireUserExists(db: Db | Tx, userId: string): Promise<void> {
  if (!(await userById(db, userId))) throw notFound(INVENTORY_TEXTS.userNotFound);
}

/** Admin (or bot) grant: adds available units to any user's inventory. */
export async function grantItems(
  ctx: AppContext,
  userId: string,
  line: ItemQuantity,
  grantedBy: { name: string; admin: AuditActor | null },
): Promise<{ itemId: string; quantity: number }> {
  return ctx.db.transaction(async (tx) => {
    const user = await userById(tx, userId);
    if (!user) throw notFound(INVENTORY_TEXTS.userNotFound);
    const [item] = await tx.select().from(items).where(eq(items.id, line.itemId)).limit(1);
    if (!item) throw notFound(INVENTORY_TEXTS.itemNotFound);
    if (item.retiredAt) throw badRequest(INVENTORY_TEXTS.itemRetired);
    await moveInventory(ctx, tx, userId, "admin_grant", [line], { note: `granted by ${grantedBy.name}` });
    const [balance = missing("the inventoryBalances row")] = await tx
      .select({ available: inventoryBalances.available })
      .from(inventoryBalances)
      .where(and(eq(inventoryBalances.userId, userId), eq(inventoryBalances.itemId, line.itemId)));
    await recordAudit(ctx, tx, grantedBy.admin, {
      kind: "grant",
      action: "granted",
      subject: `${line.quantity} × ${item.codeName} to ${user.username}`,
      before: { available: balance.available - line.quantity },
      after: { userId, itemId: item.id, quantity: line.quantity, available: balance.available },
    });
    return { itemId: line.itemId, quantity: balance.available };
  });
}
