import { inventoryEndpoints } from "@contract/endpoints/inventory";
import type { InventoryEntry } from "@contract/inventory";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "./queries";

/** The seller's inventory rows, read by the inventory page and the link dialog alike. */
export function useInventory(enabled = true) {
  return useQuery({ ...endpointQuery(inventoryEndpoints.list), enabled });
}

/** Spec 000 §3: rows with the same itemId are summed for display (first row's details, input order kept). */
export function mergeInventory(entries: readonly InventoryEntry[]): InventoryEntry[] {
  const byItem = new Map<string, InventoryEntry>();
  for (const entry of entries) {
    const seen = byItem.get(entry.itemId);
    byItem.set(entry.itemId, seen ? { ...seen, quantity: seen.quantity + entry.quantity } : { ...entry });
  }
  return [...byItem.values()];
}
