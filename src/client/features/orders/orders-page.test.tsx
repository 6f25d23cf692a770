import type { SellerOrder } from "@contract/orders";
import { ORDER_PAGE_SIZE } from "@contract/orders";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { OrdersPage } from "./orders-page";

const order = (n: number, status: string): SellerOrder => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  status,
  createdAt: "2026-11-26T10:00:00.000Z",
  totalAmount: "12.50",
  items: "harvester_1",
  game: "mm2",
  shopifyOrderNumber: String(1000 + n),
  shopifyOrderId: String(5_000_000 + n),
  customerEmail: "buyer@example.com",
  robloxUsername: null,
  orderSource: "shopify",
  claimUrl: null,
  shopifyAdminUrl: null,
  refundedAfterDeliveryAt: null,
  cursor: `c${n}`,
});

/** Pages of orders, newest first: `statuses[i]` is the status of order i. */
function serveOrders(statuses: string[]) {
  const all = statuses.map((status, n) => order(n, status));
  return fakeServer({
    "GET /api/orders": (request) => {
      const before = new URL(request.path, "http://x").searchParams.get("before");
      const start = before ? all.findIndex((o) => o.cursor === before) + 1 : 0;
      return ok(all.slice(start, start + ORDER_PAGE_SIZE));
    },
  });
}

const orderPages = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.path.startsWith("/api/orders")).length;

describe("the Orders page's Load more orders", () => {
  it("keeps loading while the pages hold nothing the tab shows, and goes away when no order is left", async () => {
    const server = serveOrders(Array.from({ length: 2 * ORDER_PAGE_SIZE + 5 }, () => "completed"));
    const { user } = renderWithApp(<OrdersPage />, { user: seller({ setupCompleted: true }) });
    await user.click(await screen.findByRole("tab", { name: /Unclaimed/ }));
    expect(await screen.findByText("No orders found")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Load more orders" }));
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Load more orders|Loading/ })).toBeNull(),
    );
    expect(orderPages(server)).toBe(3);
    expect(screen.getByText("No orders found")).toBeVisible();
  });

  it("stops at the page that brings an order the tab shows", async () => {
    const statuses = Array.from({ length: 3 * ORDER_PAGE_SIZE }, () => "completed");
    statuses[ORDER_PAGE_SIZE + 3] = "unclaimed";
    const server = serveOrders(statuses);
    const { user } = renderWithApp(<OrdersPage />, { user: seller({ setupCompleted: true }) });
    await user.click(await screen.findByRole("tab", { name: /Unclaimed/ }));
    await user.click(await screen.findByRole("button", { name: "Load more orders" }));
    expect(
      await screen.findByRole("article", { name: new RegExp(`Order #${1000 + ORDER_PAGE_SIZE + 3}`) }),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Load more orders" })).toBeEnabled();
    expect(orderPages(server)).toBe(2);
  });
});
