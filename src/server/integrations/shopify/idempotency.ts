import { createHash } from "node:crypto";

/** A UUID-shaped digest of `text` (Shopify recommends UUIDs for idempotency keys). */
function uuidFromDigest(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The @idempotent key of one inventory write: what the sync means (which sync, which listing's inventory item, which
 * quantity), so a retried job sends the same key and Shopify answers its first result, while a new sync, another
 * item or another target quantity gets a key of its own (decision 026).
 */
export function inventorySyncKey(p: { syncRef: string; inventoryItemId: string; quantity: number }): string {
  return uuidFromDigest(`inventorySetQuantities\n${p.syncRef}\n${p.inventoryItemId}\n${p.quantity}`);
}
