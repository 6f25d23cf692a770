import type { SellerOrder } from "@contract/orders";

/** One line of an order's items. */
export interface OrderItemLine {
  codeName: string;
  quantity: number;
}

/**
 * Reads the order's items summary, "codeName_quantity, codeName_quantity" (spec 000 §3). A code name may itself
 * hold underscores, so the quantity is what follows the last one; an entry without a quantity counts once.
 */
export function parseOrderItems(items: string): OrderItemLine[] {
  return items
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(.+)_(\d+)$/.exec(entry);
      return match?.[1]
        ? { codeName: match[1], quantity: Number(match[2]) }
        : { codeName: entry, quantity: 1 };
    });
}

/** Why an order needs the seller's attention, in plain words; null when it does not. */
export function orderNotice(
  order: Pick<SellerOrder, "status" | "refundedAfterDeliveryAt" | "orderSource">,
): string | null {
  if (order.refundedAfterDeliveryAt)
    return "Delivered, then refunded: the buyer got their money back after the items were delivered.";
  if (order.status === "failed_no_stock")
    return "Failed: there was not enough stock when the order came in. Restock to retry it automatically, or retry or cancel it here.";
  if (order.status === "awaiting_payment")
    return "Awaiting payment: the items are reserved, and the buyer can claim them once the store receives the payment.";
  if (order.status === "cancelled") return "Cancelled: the reserved items went back to your inventory.";
  if (order.status === "refunded")
    return "Refunded before delivery: the reserved items went back to your inventory.";
  return null;
}

export const ORDER_TABS = ["all", "unclaimed", "pending", "completed"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export interface SourceFilter {
  shopify: boolean;
  api: boolean;
}

/**
 * The Orders page lists store and API orders, as its two checkboxes say. Withdrawals are the seller's own
 * transfers, not sales: they have no checkbox and stay on the Inventory page.
 */
export function filterBySource<T extends Pick<SellerOrder, "orderSource">>(
  orders: T[],
  sources: SourceFilter,
): T[] {
  return orders.filter(
    (o) => (o.orderSource === "shopify" && sources.shopify) || (o.orderSource === "api" && sources.api),
  );
}

export function filterByTab<T extends Pick<SellerOrder, "status">>(orders: T[], tab: OrderTab): T[] {
  return tab === "all" ? orders : orders.filter((o) => o.status === tab);
}

/** How many orders each status tab holds (of the orders the source checkboxes let through). */
export function tabCounts(orders: Pick<SellerOrder, "status">[]): Record<Exclude<OrderTab, "all">, number> {
  const counts = { unclaimed: 0, pending: 0, completed: 0 };
  for (const o of orders) {
    if (o.status === "unclaimed" || o.status === "pending" || o.status === "completed") counts[o.status] += 1;
  }
  return counts;
}

/** The order in the store's admin: the server's link, else the store's own admin path (spec 000 §2). */
export function shopifyOrderUrl(
  order: Pick<SellerOrder, "shopifyAdminUrl" | "shopifyOrderId">,
  shopifyStore: string | null,
): string | null {
  if (order.shopifyAdminUrl) return order.shopifyAdminUrl;
  if (!shopifyStore || !order.shopifyOrderId) return null;
  return `https://${shopifyStore}/admin/orders/${encodeURIComponent(order.shopifyOrderId)}`;
}

/** "#1001" for a store order; API orders have no number, so a short form of their id stands in. */
export function orderNumberLabel(order: Pick<SellerOrder, "shopifyOrderNumber" | "id">): string {
  if (order.shopifyOrderNumber) {
    return order.shopifyOrderNumber.startsWith("#")
      ? order.shopifyOrderNumber
      : `#${order.shopifyOrderNumber}`;
  }
  return `#${order.id.slice(0, 8)}`;
}

/** The claim link written to the buyer, to open in the seller's own mail app. */
export interface ClaimLinkEmail {
  to: string;
  href: string;
}

/**
 * "Email buyer" for an order the buyer can claim now: a mailto: link, because Autodrop sends no e-mail of its own
 * (decision 036). Null without an address or a link, and for orders with nothing to claim yet or any more.
 */
export function claimLinkEmail(
  order: Pick<SellerOrder, "id" | "status" | "shopifyOrderNumber" | "customerEmail" | "claimUrl">,
): ClaimLinkEmail | null {
  if (!order.customerEmail || !order.claimUrl) return null;
  if (order.status !== "unclaimed" && order.status !== "pending") return null;
  const number = orderNumberLabel(order);
  const subject = `Claim your items from order ${number}`;
  const body = [
    "Hello,",
    "",
    `Your items from order ${number} are ready. Open this link and enter your ROBLOX username to claim them:`,
    order.claimUrl,
    "",
    "Thank you for your purchase!",
  ].join("\r\n");
  // RFC 6068: the address keeps its "@"; every other reserved character, "+" and spaces included, is escaped.
  const to = encodeURIComponent(order.customerEmail).replaceAll("%40", "@");
  return {
    to: order.customerEmail,
    href: `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`,
  };
}
