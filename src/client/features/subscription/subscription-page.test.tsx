import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fail, fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { SubscriptionPage } from "./subscription-page";

const NOW = Date.parse("2030-06-01T12:00:00.000Z");
const DAY = 86_400_000;
const clock = () => NOW;
const plan = (name: string) => screen.getByRole("region", { name });

describe("the Subscription page", () => {
  it("shows a free seller the Free Plan badge, the plans and an empty history", async () => {
    fakeServer({ "GET /api/plisio/user-invoices": ok([]) });
    renderWithApp(<SubscriptionPage clock={clock} />, { user: seller() });
    expect(screen.getByTestId("plan-status")).toHaveTextContent("Free Plan");
    expect(within(plan("Current Plan")).getByText("20")).toBeVisible();
    expect(plan("Free")).toHaveTextContent("$0");
    expect(plan("Basic")).toHaveTextContent("Starting at $9.99");
    expect(plan("Pro")).toHaveTextContent("Starting at $19.99");
    expect(within(plan("Pro")).getByRole("button", { name: "Upgrade with Crypto" })).toBeVisible();
    expect(await screen.findByText("No payments yet")).toBeVisible();
  });

  it("counts the days left against 30, warns at 7 days, and offers Add More Time on the plan held", async () => {
    fakeServer({ "GET /api/plisio/user-invoices": ok([]) });
    renderWithApp(<SubscriptionPage clock={clock} />, {
      user: seller({ subscriptionTier: "pro", subscriptionExpiry: new Date(NOW + 6 * DAY).toISOString() }),
    });
    expect(screen.getByTestId("plan-status")).toHaveTextContent("Expiring Soon");
    expect(screen.getByTestId("days-left")).toHaveTextContent("6");
    expect(screen.getByRole("progressbar", { name: "6 of 30 days left" })).toBeVisible();
    expect(screen.getByText(/expires in 6 days/)).toBeVisible();
    expect(within(plan("Pro")).getByRole("button", { name: "Add More Time" })).toBeVisible();
    expect(within(plan("Basic")).getByRole("button", { name: "Upgrade with Crypto" })).toBeVisible();
    expect(within(plan("Current Plan")).getByText("Unlimited")).toBeVisible();
  });

  it("fills the days-left bar for a plan longer than 30 days without an invalid value", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    fakeServer({ "GET /api/plisio/user-invoices": ok([]) });
    renderWithApp(<SubscriptionPage clock={clock} />, {
      user: seller({ subscriptionTier: "pro", subscriptionExpiry: new Date(NOW + 300 * DAY).toISOString() }),
    });
    expect(screen.getByTestId("days-left")).toHaveTextContent("300");
    const bar = screen.getByRole("progressbar", { name: "300 days left, more than 30" });
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("says an expired plan was downgraded to Free", async () => {
    fakeServer({ "GET /api/plisio/user-invoices": ok([]) });
    renderWithApp(<SubscriptionPage clock={clock} />, {
      user: seller({ subscriptionTier: "basic", subscriptionExpiry: new Date(NOW - DAY).toISOString() }),
    });
    expect(screen.getByTestId("plan-status")).toHaveTextContent("Expired");
    expect(screen.getByText(/You have been downgraded to the Free plan/)).toBeVisible();
  });

  it("activates a key (the button waits for a key) and shows the server's refusal", async () => {
    const server = fakeServer({
      "GET /api/plisio/user-invoices": ok([]),
      "POST /api/subscription/use-key": fail(
        409,
        "This subscription key is invalid or has already been used.",
      ),
    });
    const { user } = renderWithApp(<SubscriptionPage clock={clock} />, { user: seller() });
    const activate = within(plan("Activate a Product Key")).getByRole("button", { name: "Activate Key" });
    expect(activate).toBeDisabled();
    await user.type(screen.getByLabelText("Product Key"), "ADK-USED");
    await user.click(activate);
    expect(
      await screen.findByText("This subscription key is invalid or has already been used."),
    ).toBeVisible();

    server.answer(
      "POST /api/subscription/use-key",
      ok({ success: true, subscriptionTier: "basic", subscriptionExpiry: null }),
    );
    server.answer("GET /api/auth/me", ok(seller({ subscriptionTier: "basic" })));
    await user.click(activate);
    expect(await screen.findByText("Subscription activated successfully!")).toBeVisible();
    expect(server.sent("POST", "/api/subscription/use-key")).toEqual([
      { key: "ADK-USED" },
      { key: "ADK-USED" },
    ]);
  });

  it("lists the payment history with plan, price, crypto amount and status", async () => {
    fakeServer({
      "GET /api/plisio/user-invoices": ok([
        {
          txnId: "t1",
          status: "completed",
          amount: "0.00066650",
          pendingAmount: "0.00000000",
          currency: "BTC",
          walletHash: "bc1q",
          invoiceUrl: "",
          txUrls: [],
          orderNumber: "1",
          subscriptionTier: "pro",
          subscriptionDuration: "90",
          sourceAmount: "39.99",
          discountCode: "SAVE20",
          expectedConfirmations: 1,
          expiresAt: null,
          createdAt: new Date(NOW).toISOString(),
          receivedAmount: "0.00000000",
          awaitingConfirmation: false,
          toSettle: [],
        },
      ]),
    });
    renderWithApp(<SubscriptionPage clock={clock} />, { user: seller() });
    const row = (await screen.findByText("Pro, 90 days")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("$39.99(SAVE20)");
    expect(row).toHaveTextContent("0.00066650 BTC");
    expect(row).toHaveTextContent("Completed");
  });

  it("says in plain words what happens to money that bought nothing", async () => {
    const base = {
      amount: "0.00066650",
      pendingAmount: "0.00000000",
      currency: "BTC",
      walletHash: "bc1q",
      invoiceUrl: "",
      txUrls: [],
      orderNumber: "1",
      subscriptionTier: "pro",
      subscriptionDuration: "30",
      sourceAmount: "19.99",
      discountCode: null,
      expectedConfirmations: 1,
      expiresAt: null,
      createdAt: new Date(NOW).toISOString(),
      awaitingConfirmation: false,
    };
    fakeServer({
      "GET /api/plisio/user-invoices": ok([
        {
          ...base,
          txnId: "t2",
          status: "expired",
          receivedAmount: "0.00030000",
          toSettle: [{ kind: "underpaid_expired", amount: "0.00030000", settledAt: null }],
        },
        {
          ...base,
          txnId: "t3",
          status: "completed",
          subscriptionDuration: "90",
          receivedAmount: "0.00066650",
          toSettle: [
            { kind: "plan_unchanged", amount: "0.00066650", settledAt: new Date(NOW).toISOString() },
          ],
        },
      ]),
    });
    renderWithApp(<SubscriptionPage clock={clock} />, { user: seller() });
    const notes = await screen.findAllByTestId("settlement-notes");
    expect(notes[0]).toHaveTextContent(
      "0.00030000 BTC arrived, less than the invoice amount, and the invoice expired before the rest came, so it bought nothing. We will refund it to you in the same coin",
    );
    expect(notes[1]).toHaveTextContent(
      "0.00066650 BTC arrived for a plan your account could not take any more (it already held a lifetime plan). Settled by an admin on",
    );
  });
});
