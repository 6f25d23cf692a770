import type { InvoiceView } from "@contract/payments";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, fakeServer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { CryptoPurchaseDialog } from "./crypto-purchase-dialog";

const NOW = Date.parse("2030-06-01T12:00:00.000Z");
const clock = () => NOW;

const invoice = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  txnId: "txn-1",
  status: "pending",
  amount: "0.00066650",
  pendingAmount: "0.00066650",
  currency: "BTC",
  walletHash: "bc1qsandboxaddress",
  invoiceUrl: "http://localhost/__sandbox/plisio/invoice/txn-1",
  txUrls: [],
  orderNumber: "123",
  subscriptionTier: "pro",
  subscriptionDuration: "90",
  sourceAmount: "39.99",
  discountCode: "SAVE20",
  expectedConfirmations: 1,
  expiresAt: new Date(NOW + 59 * 60_000 + 30_000).toISOString(),
  createdAt: new Date(NOW).toISOString(),
  receivedAmount: "0.00000000",
  awaitingConfirmation: false,
  toSettle: [],
  ...overrides,
});

const dialog = () => screen.getByRole("dialog");
const button = (name: string | RegExp) => within(dialog()).getByRole("button", { name });

afterEach(() => {
  vi.useRealTimers();
});

function renderDialog(onSuccess = vi.fn(), onOpenChange = vi.fn()) {
  const view = renderWithApp(
    <CryptoPurchaseDialog
      open
      onOpenChange={onOpenChange}
      initialTier={null}
      onSuccess={onSuccess}
      clock={clock}
    />,
    { user: seller() },
  );
  return { ...view, onSuccess, onOpenChange };
}

describe("the crypto purchase wizard", () => {
  it("goes plan, duration with a discount code, currency, then the payment details with the countdown", async () => {
    const server = fakeServer({
      "GET /api/discount-codes/validate": ok({ code: "SAVE20", discountPercentage: 20 }),
      "POST /api/plisio/create-invoice": ok(invoice()),
      "GET /api/plisio/user-invoices": ok([]),
      "GET /api/plisio/invoice/txn-1": ok(invoice()),
    });
    const { user } = renderDialog();

    expect(within(dialog()).getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    expect(button("Continue")).toBeDisabled();
    expect(button("Activate Key")).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Pro" }));
    await user.click(button("Continue"));

    expect(within(dialog()).getByRole("heading", { name: "Select Duration" })).toBeVisible();
    expect(within(dialog()).getByText("Save 17%")).toBeVisible();
    expect(within(dialog()).getByText("Best Value")).toBeVisible();
    expect(button("Apply")).toBeDisabled();
    await user.type(screen.getByLabelText("Discount Code"), "save20");
    expect(screen.getByLabelText("Discount Code")).toHaveValue("SAVE20");
    await user.click(button("Apply"));
    expect(await screen.findByText("Discount Applied!")).toBeVisible();
    expect(screen.getByText("20% off")).toBeVisible();
    expect(server.sent("GET", "/api/discount-codes/validate?code=SAVE20&plan=pro")).toHaveLength(1);
    expect(screen.getByRole("radio", { name: /90 days/ }).closest("label")).toHaveTextContent("$39.99$49.99");
    await user.click(screen.getByRole("radio", { name: /90 days/ }));
    await user.click(button("Continue"));

    expect(within(dialog()).getByRole("heading", { name: "Payment Method" })).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "Bitcoin" }));
    await user.click(button("Continue to Payment"));

    expect(await within(dialog()).findByRole("heading", { name: "Payment Details" })).toBeVisible();
    expect(server.sent("POST", "/api/plisio/create-invoice")).toEqual([
      { subscriptionTier: "pro", subscriptionDuration: "90", currency: "BTC", discountCode: "SAVE20" },
    ]);
    expect(screen.getByTestId("wallet-address")).toHaveTextContent("bc1qsandboxaddress");
    expect(screen.getByTestId("payment-amount")).toHaveTextContent("0.00066650 BTC");
    expect(screen.getByTestId("countdown")).toHaveTextContent("59:30");
    expect(screen.getByText("1 confirmation is required")).toBeVisible();
    expect(screen.getByRole("img", { name: /QR code/ })).toBeVisible();

    await user.click(button("Back"));
    expect(within(dialog()).getByRole("heading", { name: "Payment Method" })).toBeVisible();
  });

  it("polls every 5 seconds on the payment steps: partial, then paid, refreshing the user once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      "POST /api/plisio/create-invoice": ok(invoice()),
      "GET /api/plisio/user-invoices": ok([]),
      "GET /api/plisio/invoice/txn-1": ok(
        invoice({ status: "partial", pendingAmount: "0.00033325", receivedAmount: "0.00033325" }),
      ),
      "GET /api/auth/me": ok(seller({ subscriptionTier: "pro" })),
    });
    const { user, onSuccess } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "Pro" }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: /30 days/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: "Litecoin" }));
    await user.click(button("Continue to Payment"));

    expect(await within(dialog()).findByRole("heading", { name: "Partial Payment Received" })).toBeVisible();
    expect(screen.getByTestId("received-amount")).toHaveTextContent("0.00033325 BTC");
    expect(screen.getByTestId("remaining-amount")).toHaveTextContent("0.00033325 BTC");
    const polls = () => server.sent("GET", "/api/plisio/invoice/txn-1").length;
    const before = polls();

    server.answer(
      "GET /api/plisio/invoice/txn-1",
      ok(invoice({ receivedAmount: "0.00033325", pendingAmount: "0.00033325", awaitingConfirmation: true })),
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await within(dialog()).findByRole("heading", { name: "Waiting for Confirmations" })).toBeVisible();
    expect(polls()).toBe(before + 1);

    server.answer("GET /api/plisio/invoice/txn-1", ok(invoice({ status: "completed", pendingAmount: "0" })));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await within(dialog()).findByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(server.sent("GET", "/api/auth/me")).toHaveLength(1);

    const done = polls();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(polls()).toBe(done);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it("shows the expired step with a restart, and the server's refusals as toasts", async () => {
    const server = fakeServer({
      "GET /api/discount-codes/validate": fail(400, "This discount code is not valid for the selected plan."),
      "POST /api/plisio/create-invoice": fail(502, "Failed to create payment invoice"),
      "GET /api/plisio/user-invoices": ok([]),
      "GET /api/plisio/invoice/txn-1": ok(invoice({ status: "expired" })),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "Basic" }));
    await user.click(button("Continue"));
    await user.type(screen.getByLabelText("Discount Code"), "PROONLY");
    await user.click(button("Apply"));
    expect(await screen.findByText("Invalid Discount Code")).toBeVisible();
    expect(screen.getByText("This discount code is not valid for the selected plan.")).toBeVisible();

    await user.click(screen.getByRole("radio", { name: /Lifetime/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: "Ethereum" }));
    await user.click(button("Continue to Payment"));
    expect(await screen.findByText("Failed to create payment invoice")).toBeVisible();
    expect(within(dialog()).getByRole("heading", { name: "Payment Method" })).toBeVisible();

    server.answer("POST /api/plisio/create-invoice", ok(invoice()));
    await user.click(button("Continue to Payment"));
    expect(await within(dialog()).findByRole("heading", { name: "Invoice Expired" })).toBeVisible();
    expect(screen.getByText("This payment invoice has expired. Please create a new payment.")).toBeVisible();
    await user.click(button("Start Over"));
    expect(within(dialog()).getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    expect(screen.getByRole("radio", { name: "Basic" })).not.toBeChecked();
  });

  it("sends one create-invoice for a double click on Continue to Payment", async () => {
    const server = fakeServer({
      "POST /api/plisio/create-invoice": ok(invoice()),
      "GET /api/plisio/user-invoices": ok([]),
      "GET /api/plisio/invoice/txn-1": ok(invoice()),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "Pro" }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: /30 days/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: "Bitcoin" }));
    await user.dblClick(button("Continue to Payment"));
    expect(await within(dialog()).findByRole("heading", { name: "Payment Details" })).toBeVisible();
    expect(server.sent("POST", "/api/plisio/create-invoice")).toHaveLength(1);
  });

  it("says on the expired step what arrived before the invoice expired, and that it is refunded", async () => {
    fakeServer({
      "POST /api/plisio/create-invoice": ok(invoice()),
      "GET /api/plisio/user-invoices": ok([]),
      "GET /api/plisio/invoice/txn-1": ok(
        invoice({
          status: "expired",
          receivedAmount: "0.00033325",
          toSettle: [{ kind: "underpaid_expired", amount: "0.00033325", settledAt: null }],
        }),
      ),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole("radio", { name: "Pro" }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: /30 days/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: "Bitcoin" }));
    await user.click(button("Continue to Payment"));
    expect(await within(dialog()).findByRole("heading", { name: "Invoice Expired" })).toBeVisible();
    expect(screen.getByText("This payment invoice has expired. Please create a new payment.")).toBeVisible();
    expect(screen.getByTestId("expired-received")).toHaveTextContent(
      "We received 0.00033325 BTC for this invoice before it expired. It bought nothing and will be refunded to you",
    );
  });
});
