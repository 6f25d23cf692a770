import type { SellerOrder } from "@contract/orders";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import { OrderCard } from "./order-card";

const ORDER: SellerOrder = {
  id: "0b4f3c2a-1111-4222-8333-444455556666",
  status: "unclaimed",
  createdAt: "2026-11-26T10:00:00.000Z",
  totalAmount: "12.50",
  items: "harvester_2",
  game: "mm2",
  shopifyOrderNumber: "1001",
  shopifyOrderId: "5987654321098765432",
  customerEmail: "buyer@example.com",
  robloxUsername: null,
  orderSource: "shopify",
  claimUrl: "https://claim.example.com/claim/Qm9vTWFnaWNLZXk",
  shopifyAdminUrl: null,
  refundedAfterDeliveryAt: null,
  cursor: "c",
};

async function openClaimUrl(order: SellerOrder) {
  const view = renderWithApp(<OrderCard order={order} shopifyStore={null} />);
  await view.user.click(screen.getByRole("button", { name: "View Claim URL" }));
  return screen.getByRole("dialog", { name: "Claim URL" });
}

describe("an order's claim link", () => {
  it("can be sent to the buyer again from the seller's own mail app, saying no e-mail is sent for them", async () => {
    const dialog = await openClaimUrl(ORDER);
    expect(within(dialog).getByLabelText("Claim URL")).toHaveValue(ORDER.claimUrl);
    const email = within(dialog).getByRole("link", { name: "Email buyer" });
    expect(email.getAttribute("href")).toMatch(/^mailto:buyer@example\.com\?subject=/);
    expect(decodeURIComponent(email.getAttribute("href")!)).toContain(ORDER.claimUrl!);
    expect(dialog).toHaveTextContent("Autodrop does not e-mail buyers");
    expect(dialog).toHaveTextContent("buyer@example.com");
  });

  it("is only shown to copy when the order cannot be claimed now or the buyer left no address", async () => {
    const cancelled = await openClaimUrl({ ...ORDER, status: "cancelled" });
    expect(within(cancelled).getByRole("button", { name: "Copy" })).toBeVisible();
    expect(within(cancelled).queryByRole("link", { name: "Email buyer" })).toBeNull();
  });
});
