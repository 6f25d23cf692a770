import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { inventoryBalances, inventoryLedger } from "../../db/schema/index.js";

export interface ItemQuantity {
  itemId: string;
  quantity: number;
}

export type LedgerKind = "deposit" | "admin_grant" | "reservation" | "release" | "delivery";

/** How each ledger kind moves the two balances. Pure: the rule behind every inventory change. */
export function balanceEffect(kind: LedgerKind, quantity: number): { available: number; reserved: number } {
  switch (kind) {
    case "deposit":
    case "admin_grant":
      return { available: quantity, reserved: 0 };
    case "reservation":
      return { available: -quantity, reserved: quantity };
    case "release":
      return { available: quantity, reserved: -quantity };
    case "delivery":
      return { available: 0, reserved: -quantity };
  }
}

/** Sums repeated items so each (item) is locked and moved once. */
export function mergeQuantities(lines: ItemQuantity[]): ItemQuantity[] {
  const byItem = new Map<string, number>();
  for (const l of lines) byItem.set(l.itemId, (byItem.get(l.itemId) ?? 0) + l.quantity);
  return [...byItem]
    .map(([itemId, quantity]) => ({ itemId, quantity }))
    .sort((a, b) => a.itemId.localeCompare(b.itemId));
}

export class InsufficientInventoryError extends Error {
  constructor(readonly itemId: string) {
    super("Insufficient inventory");
  }
}

/**
 * Applies one inventory movement for a seller inside the caller's transaction: a ledger row per item and the
 * balance updated in step. Rows are locked in item order (no deadlocks between concurrent movements); a movement
 * that would make a balance negative throws InsufficientInventoryError and the caller's transaction rolls back.
 */
export async function applyMovement(
  tx: Tx,
  userId: string,
  kind: LedgerKind,
  lines: ItemQuantity[],
  ref: { orderId?: string; note?: string } = {},
): Promise<void> {
  for (const { itemId, quantity } of mergeQuantities(lines)) {
    if (!Number.isInteger(quantity) || quantity <= 0) throw new Error("Quantities must be positive integers");
    const effect = balanceEffect(kind, quantity);
    if (effect.available > 0 && effect.reserved === 0) {
      await tx
        .insert(inventoryBalances)
        .values({ userId, itemId, available: effect.available, reserved: 0 })
        .onConflictDoUpdate({
          target: [inventoryBalances.userId, inventoryBalances.itemId],
          set: { available: sql`${inventoryBalances.available} + ${effect.available}` },
        });
    } else {
      // One conditional UPDATE both locks the row and checks the balance, so concurrent orders cannot oversell.
      const updated = await tx
        .update(inventoryBalances)
        .set({
          available: sql`${inventoryBalances.available} + ${effect.available}`,
          reserved: sql`${inventoryBalances.reserved} + ${effect.reserved}`,
        })
        .where(
          and(
            eq(inventoryBalances.userId, userId),
            eq(inventoryBalances.itemId, itemId),
            sql`${inventoryBalances.available} + ${effect.available} >= 0`,
            sql`${inventoryBalances.reserved} + ${effect.reserved} >= 0`,
          ),
        )
        .returning({ itemId: inventoryBalances.itemId });
      if (updated.length === 0) throw new InsufficientInventoryError(itemId);
    }
    await tx
      .insert(inventoryLedger)
      .values({ userId, itemId, kind, quantity, orderId: ref.orderId, note: ref.note });
  }
}
