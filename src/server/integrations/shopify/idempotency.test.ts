import { describe, expect, it } from "vitest";
import { inventorySyncKey } from "./idempotency.js";

describe("inventorySyncKey", () => {
  const base = { syncRef: "sync-1:listing-1", inventoryItemId: "gid://shopify/InventoryItem/7", quantity: 3 };

  it("is the same for a retry of the same sync and a UUID in shape", () => {
    expect(inventorySyncKey({ ...base })).toBe(inventorySyncKey(base));
    expect(inventorySyncKey(base)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("changes with the sync, the inventory item and the target quantity", () => {
    const keys = new Set([
      inventorySyncKey(base),
      inventorySyncKey({ ...base, syncRef: "sync-2:listing-1" }),
      inventorySyncKey({ ...base, inventoryItemId: "gid://shopify/InventoryItem/8" }),
      inventorySyncKey({ ...base, quantity: 4 }),
    ]);
    expect(keys.size).toBe(4);
  });
});
