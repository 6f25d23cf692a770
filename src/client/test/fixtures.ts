import type { CurrentUser } from "@contract/auth";
import type { ClaimOrderView, ClaimSubOrderView } from "@contract/claims";
import type { InventoryEntry } from "@contract/inventory";
import type { Listing } from "@contract/listings";

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
    shopifyAccessRefused: false,
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

/** A listing of `lines` ([itemId, quantity]) with ten in stock. */
export function listing(
  id: string,
  lines: [itemId: string, quantity: number][],
  extra: Partial<Listing> = {},
): Listing {
  return {
    id,
    title: `Listing ${id}`,
    game: "mm2",
    stockQuantity: 10,
    isActive: true,
    createdAt: "2025-01-01T00:00:00.000Z",
    shopifyProductId: "9007199254740993",
    shopifyVariantId: "9007199254740995",
    shopifyAdminUrl: null,
    items: lines.map(([itemId, quantity]) => ({
      id: `${id}-${itemId}`,
      itemId,
      quantity,
      item: { id: itemId, codeName: itemId, publicName: `Name ${itemId}`, imageUrl: "", game: "mm2" },
    })),
    ...extra,
  };
}

/** One game's order as the buyer's claim page sees it: unclaimed, no username yet. */
export function claimSubOrder(overrides: Partial<ClaimSubOrderView> = {}): ClaimSubOrderView {
  return {
    id: "o1",
    shopifyOrderId: null,
    shopifyOrderNumber: null,
    status: "unclaimed",
    customerEmail: "a@b.co",
    totalAmount: "10.00",
    items: "",
    orderItems: [],
    robloxUsername: null,
    usernameLocked: false,
    claimedAt: null,
    game: "mm2",
    isMultiGame: false,
    ...overrides,
  };
}

export function claimOrder(overrides: Partial<ClaimOrderView> = {}): ClaimOrderView {
  return { ...claimSubOrder(), subOrders: [], claimPageStyle: null, ...overrides };
}
