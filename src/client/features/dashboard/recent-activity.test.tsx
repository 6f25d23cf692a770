import type { DashboardResponse } from "@contract/dashboard";
import type { SellerOrder } from "@contract/orders";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { DashboardPage } from "./dashboard-page";

const order = (over: Partial<SellerOrder>): SellerOrder => ({
  id: "0b4f3c2a-1111-4222-8333-444455556666",
  status: "completed",
  createdAt: "2026-11-26T10:00:00.000Z",
  totalAmount: "12.50",
  items: "harvester_2",
  game: "mm2",
  shopifyOrderNumber: "1001",
  shopifyOrderId: "5987654321098765432",
  customerEmail: "buyer@example.com",
  robloxUsername: "Buyer",
  orderSource: "shopify",
  claimUrl: null,
  shopifyAdminUrl: null,
  refundedAfterDeliveryAt: null,
  cursor: "c",
  ...over,
});

const dashboard = (recentActivity: SellerOrder[]): DashboardResponse => ({
  period: "7d",
  totalSales: "12.50",
  profit: "12.50",
  costsSet: false,
  uncostedUnits: 0,
  activeListings: 1,
  inventoryItems: 3,
  pendingOrders: 0,
  ordersPerDay: [],
  popularListings: [],
  recentActivity,
});

describe("the dashboard's Recent Activity", () => {
  it("shows a failed order with the Orders page's red Failed badge and an API order without a $0.00 price", async () => {
    fakeServer({
      "GET /api/dashboard?period=7d": ok(
        dashboard([
          order({ id: "a", status: "failed_no_stock", shopifyOrderNumber: "1002", robloxUsername: null }),
          order({
            id: "b",
            orderSource: "api",
            shopifyOrderNumber: null,
            shopifyOrderId: null,
            totalAmount: "0.00",
          }),
        ]),
      ),
    });
    renderWithApp(<DashboardPage />, { user: seller({ setupCompleted: true }) });
    const rows = await screen.findAllByRole("listitem");
    const failed = rows.find((row) => row.textContent?.includes("Order #1002")) as HTMLElement;
    const badge = within(failed).getByText("Failed", { exact: true });
    expect(badge).toHaveClass("bg-destructive");
    expect(failed).not.toHaveTextContent(/no stock/i);
    const api = rows.find((row) => row.textContent?.includes("API order")) as HTMLElement;
    expect(within(api).getByText("API", { exact: true })).toBeVisible();
    expect(api).not.toHaveTextContent("$0.00");
  });
});
