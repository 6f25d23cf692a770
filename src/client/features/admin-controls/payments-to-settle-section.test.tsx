import type { PaymentToSettle } from "@contract/payments";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, ok } from "@/test/fake-server";
import { renderWithApp } from "@/test/render";
import { PaymentsToSettleSection } from "./payments-to-settle-section";

const OPEN: PaymentToSettle = {
  id: "3f1e4a52-7d7b-4f43-9a56-0d1c2b3a4f50",
  txnId: "t1",
  username: "PaysTwice",
  kind: "plan_unchanged",
  amount: "0.00033325",
  currency: "BTC",
  subscriptionTier: "pro",
  subscriptionDuration: "30",
  createdAt: "2030-06-01T12:00:00.000Z",
  settledAt: null,
  settledNote: null,
};

describe("payments to settle", () => {
  it("lists money that bought nothing and marks it settled with what was done", async () => {
    const server = fakeServer({
      "GET /api/admin/payments-to-settle": ok([OPEN]),
      [`PATCH /api/admin/payments-to-settle/${OPEN.id}`]: ok({
        ...OPEN,
        settledAt: "2030-06-02T12:00:00.000Z",
        settledNote: "Refunded in tx abc",
      }),
    });
    const { user } = renderWithApp(<PaymentsToSettleSection />);
    const row = (await screen.findByText("PaysTwice")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("0.00033325 BTC");
    expect(row).toHaveTextContent("Paid for a plan the account could not take (lifetime held)");
    const settle = within(row).getByRole("button", { name: "Mark Settled" });
    expect(settle).toBeDisabled();
    await user.type(within(row).getByRole("textbox"), "Refunded in tx abc");
    await user.click(settle);
    expect(await screen.findByText("0.00033325 BTC of PaysTwice marked settled")).toBeVisible();
    expect(server.requests.find((r) => r.method === "PATCH")?.body).toEqual({ note: "Refunded in tx abc" });
  });
});
