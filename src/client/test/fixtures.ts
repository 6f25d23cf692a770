import type { CurrentUser } from "@contract/auth";
import type { InventoryEntry } from "@contract/inventory";

/** A signed-in seller; each test states what matters to it. */
export function seller(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "user-1",
    username: "DemoSeller",
    robloxUserId: 1001,
    isAdmin: false,
    subscriptionTier: "free",
    subscriptionExpiry: null,
    setupCompleted: true,
    shopifyStore: null,
    email: null,
    customClaimPageStyle: null,
    discordWebhookUrl: null,
    discordNotificationsEnabled: false,
    discordOrderCreatedEnabled: false,
    discordOrderDeliveredEnabled: false,
    discordPingEveryone: false,
    apiIntegrationEnabled: false,
    ...overrides,
  };
}

export function inventoryEntry(
  itemId: string,
  publicName: string,
  quantity: number,
  game: InventoryEntry["item"]["game"] = "mm2",
): InventoryEntry {
  return {
    id: `row-${itemId}`,
    itemId,
    quantity,
    item: { publicName, codeName: itemId, game, imageUrl: "" },
  };
}
