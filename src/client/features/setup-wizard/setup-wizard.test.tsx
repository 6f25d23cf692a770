import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fail, fakeServer, heldAnswer, ok } from "@/test/fake-server";
import { seller } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { type CryptoPurchaseSlotProps, SetupWizard } from "./setup-wizard";

/** The server's answer to a setup save: the plan and the saved flag as they now are. */
const setupSaved = ok({ success: true, subscriptionTier: "free", setupCompleted: true });

const newSeller = seller({ setupCompleted: false });

/** A purchase wizard that is never opened by these tests. */
const NoPurchase = () => null;

/** Stands in for the Subscription feature's wizard: Pay succeeds at once, Done closes it. */
const opened = vi.fn();
function PaidAtOnce({ open, initialTier, onSuccess, onOpenChange }: CryptoPurchaseSlotProps) {
  if (!open) return null;
  opened(initialTier);
  return (
    <div role="dialog" aria-label="Purchase">
      <button type="button" onClick={() => onSuccess?.()}>
        Pay
      </button>
      <button type="button" onClick={() => onOpenChange(false)}>
        Done
      </button>
    </div>
  );
}

function renderWizard(user = newSeller, CryptoPurchase: typeof PaidAtOnce = NoPurchase) {
  return renderWithApp(<SetupWizard user={user} CryptoPurchase={CryptoPurchase} />, { user });
}

const wizard = () => screen.getByRole("dialog", { name: "Welcome to Autodrop" });
const button = (name: string) => within(wizard()).getByRole("button", { name });
/** A plan card: the radio is named by the plan's title, the card around it lists the features. */
const planCard = (plan: RegExp) => screen.getByRole("radio", { name: plan }).closest("label") as HTMLElement;

async function choosePaidPlanWithKey(
  user: ReturnType<typeof renderWizard>["user"],
  plan: RegExp,
  key: string,
) {
  await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
  await user.click(button("Continue"));
  await user.click(screen.getByRole("radio", { name: plan }));
  await user.click(screen.getByRole("radio", { name: /Promotional Key/ }));
  await user.type(screen.getByLabelText("Product Key"), key);
  await user.click(button("Activate Key"));
}

describe("setup wizard", () => {
  it("asks for an integration first and takes the API path to the free plan", async () => {
    const server = fakeServer({
      "POST /api/user/update-subscription": setupSaved,
      "GET /api/auth/me": ok(seller()),
    });
    const { user } = renderWizard();

    expect(wizard()).toHaveTextContent("Let's get your account set up in just 2 steps.");
    expect(wizard()).toHaveTextContent("Step 1 of 2");
    expect(button("Continue")).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
    await user.click(button("Continue"));

    expect(wizard()).toHaveTextContent("Step 2 of 2");
    expect(screen.getByRole("radio", { name: /^Free/ })).toBeChecked();
    expect(planCard(/^Basic/)).toHaveTextContent("$9.99 per month");
    expect(planCard(/^Basic/)).toHaveTextContent("Discord webhook notifications");
    expect(planCard(/^Basic/)).not.toHaveTextContent("API Integration");
    await user.click(button("Complete Setup"));

    expect(await screen.findByText("Setup Complete!")).toBeVisible();
    expect(screen.getByText("Welcome to Autodrop!")).toBeVisible();
    expect(server.sent("POST", "/api/user/update-subscription")).toEqual([
      { tier: "free", setupCompleted: true },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Welcome to Autodrop" })).toBeNull());
    expect(server.sent("GET", "/api/auth/me")).toHaveLength(1);
  });

  it("goes through the store step on the Shopify path, and back one step at a time", async () => {
    fakeServer({});
    const { user } = renderWizard();

    await user.click(screen.getByRole("radio", { name: /Shopify Integration/ }));
    await user.click(button("Continue"));
    expect(wizard()).toHaveTextContent("Step 2 of 3");
    expect(screen.getByLabelText("Store Domain")).toBeVisible();
    expect(wizard()).toHaveTextContent(".myshopify.com");
    expect(button("Connect Shopify Store")).toBeDisabled();

    expect(wizard()).toHaveTextContent("Let's get your account set up in just 3 steps.");
    await user.click(button("Skip for now"));
    expect(wizard()).toHaveTextContent("Step 3 of 3");
    expect(planCard(/^Basic/)).toHaveTextContent("API Integration");

    await user.click(button("Back"));
    expect(wizard()).toHaveTextContent("Step 2 of 3");
    await user.click(button("Back"));
    expect(wizard()).toHaveTextContent("Step 1 of 3");
    expect(screen.getByRole("radio", { name: /Shopify Integration/ })).toBeChecked();
  });

  it("says a store domain is needed when Enter is pressed in a blank field", async () => {
    fakeServer({});
    const { user } = renderWizard();
    await user.click(screen.getByRole("radio", { name: /Shopify Integration/ }));
    await user.click(button("Continue"));

    await user.type(screen.getByLabelText("Store Domain"), "{Enter}");

    expect(await screen.findByText("Please enter your store domain")).toBeVisible();
    expect(screen.getByText("Error")).toBeVisible();
  });

  it("needs a payment method for a paid plan and activates a promotional key", async () => {
    const useKey = heldAnswer(ok({ success: true, subscriptionTier: "basic", subscriptionExpiry: null }));
    const server = fakeServer({
      "POST /api/subscription/use-key": useKey.route,
      "POST /api/user/update-subscription": setupSaved,
      "GET /api/auth/me": ok(seller({ subscriptionTier: "basic" })),
    });
    const { user } = renderWizard();
    await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
    await user.click(button("Continue"));

    await user.click(screen.getByRole("radio", { name: /^Basic/ }));
    expect(button("Select Payment Method")).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: /Promotional Key/ }));
    expect(button("Activate Key")).toBeDisabled();
    await user.type(screen.getByLabelText("Product Key"), "  BASIC-KEY-1  ");
    await user.click(button("Activate Key"));

    expect(button("Activating...")).toBeDisabled();
    expect(button("Back")).toBeDisabled();
    useKey.release();

    expect(
      await screen.findByText("Your subscription has been activated! You are on the Basic plan."),
    ).toBeVisible();
    expect(server.sent("POST", "/api/subscription/use-key")).toEqual([{ key: "BASIC-KEY-1" }]);
    expect(server.sent("POST", "/api/user/update-subscription")).toEqual([{ setupCompleted: true }]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Welcome to Autodrop" })).toBeNull());
  });

  it("says which plan the key gave when it is not the plan chosen (a Basic key while Pro is chosen)", async () => {
    fakeServer({
      "POST /api/subscription/use-key": ok({
        success: true,
        subscriptionTier: "basic",
        subscriptionExpiry: null,
      }),
      "POST /api/user/update-subscription": setupSaved,
      "GET /api/auth/me": ok(seller({ subscriptionTier: "basic" })),
    });
    const { user } = renderWizard();
    await choosePaidPlanWithKey(user, /^Pro/, "BASIC-KEY-2");
    expect(
      await screen.findByText(
        "Your subscription has been activated! This key is for the Basic plan, so you are on Basic, not the Pro plan you chose.",
      ),
    ).toBeVisible();
  });

  it("shows the server's refusal of a key, or its own fallback, and keeps the wizard open", async () => {
    const server = fakeServer({
      "POST /api/subscription/use-key": fail(
        400,
        "This subscription key is invalid or has already been used.",
      ),
    });
    const { user } = renderWizard();
    await choosePaidPlanWithKey(user, /^Pro/, "USED-KEY");

    expect(
      await screen.findByText("This subscription key is invalid or has already been used."),
    ).toBeVisible();
    expect(server.sent("POST", "/api/user/update-subscription")).toEqual([]);
    expect(wizard()).toBeVisible();

    server.answer("POST /api/subscription/use-key", { status: 500, body: {} });
    await user.click(button("Activate Key"));
    expect(await screen.findByText("Failed to use subscription key")).toBeVisible();
  });

  it("warns when the key is accepted but setup could not be saved", async () => {
    fakeServer({
      "POST /api/subscription/use-key": ok({
        success: true,
        subscriptionTier: "pro",
        subscriptionExpiry: null,
      }),
      "POST /api/user/update-subscription": fail(500, "Internal server error"),
      "GET /api/auth/me": ok(seller({ setupCompleted: false, subscriptionTier: "pro" })),
    });
    const { user } = renderWizard();
    await choosePaidPlanWithKey(user, /^Pro/, "PRO-KEY");

    expect(await screen.findByText("Subscription activated but failed to save setup status")).toBeVisible();
    expect(screen.getByText("Warning")).toBeVisible();
    expect(wizard()).toBeVisible();
  });

  it("says so when the free plan cannot be saved", async () => {
    fakeServer({ "POST /api/user/update-subscription": fail(500, "Internal server error") });
    const { user } = renderWizard();
    await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
    await user.click(button("Continue"));
    await user.click(button("Complete Setup"));

    expect(await screen.findByText("Failed to complete setup. Please try again.")).toBeVisible();
    expect(wizard()).toBeVisible();
  });

  it("opens the purchase wizard for the chosen plan, and completes setup once the payment succeeds", async () => {
    const server = fakeServer({
      "POST /api/user/update-subscription": setupSaved,
      "GET /api/auth/me": ok(seller({ subscriptionTier: "pro" })),
    });
    const { user } = renderWizard(newSeller, PaidAtOnce);
    await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: /^Pro/ }));
    await user.click(screen.getByRole("radio", { name: /Pay with Crypto/ }));
    await user.click(button("Pay with Crypto"));

    const purchase = await screen.findByRole("dialog", { name: "Purchase" });
    expect(opened).toHaveBeenLastCalledWith("pro");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Welcome to Autodrop" })).toBeNull());
    await user.click(within(purchase).getByRole("button", { name: "Pay" }));
    expect(server.sent("POST", "/api/user/update-subscription")).toEqual([]);
    await user.click(within(purchase).getByRole("button", { name: "Done" }));
    await waitFor(() =>
      expect(server.sent("POST", "/api/user/update-subscription")).toEqual([{ setupCompleted: true }]),
    );
    expect(await screen.findByText("Your subscription has been activated!")).toBeVisible();
  });

  it("comes back to the plan step when the purchase wizard is closed without paying", async () => {
    fakeServer({});
    const { user } = renderWizard(newSeller, PaidAtOnce);
    await user.click(screen.getByRole("radio", { name: /Custom API Integration/ }));
    await user.click(button("Continue"));
    await user.click(screen.getByRole("radio", { name: /^Basic/ }));
    await user.click(screen.getByRole("radio", { name: /Pay with Crypto/ }));
    await user.click(button("Pay with Crypto"));
    await user.click(await screen.findByRole("button", { name: "Done" }));
    expect(await screen.findByRole("dialog", { name: "Welcome to Autodrop" })).toHaveTextContent(
      "Step 2 of 2",
    );
    expect(screen.getByRole("radio", { name: /^Basic/ })).toBeChecked();
  });

  it("opens on the plan step with Shopify chosen when the seller comes back from the store", async () => {
    fakeServer({});
    window.history.replaceState(null, "", "/dashboard?setup=step2");
    renderWizard(seller({ setupCompleted: false, shopifyStore: "my-shop.myshopify.com" }));

    expect(wizard()).toHaveTextContent("Step 3 of 3");
    expect(wizard()).toHaveTextContent("my-shop.myshopify.com connected");
    expect(screen.getByRole("radio", { name: /^Free/ })).toBeChecked();
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(window.location.pathname).toBe("/dashboard");
  });

  it("resumes on the plan step after a reload once the store is connected, without asking for the domain", async () => {
    fakeServer({});
    renderWizard(seller({ setupCompleted: false, shopifyStore: "my-shop.myshopify.com" }));

    expect(wizard()).toHaveTextContent("Step 3 of 3");
    expect(wizard()).toHaveTextContent("my-shop.myshopify.com connected");
    expect(screen.queryByLabelText("Store Domain")).toBeNull();
    expect(planCard(/^Basic/)).toHaveTextContent("API Integration");
  });

  it("brings the seller back to the store step when the connection failed", async () => {
    fakeServer({});
    window.history.replaceState(null, "", "/dashboard?error=oauth_failed");
    renderWizard();

    expect(wizard()).toHaveTextContent("Step 2 of 3");
    expect(within(wizard()).getByRole("alert")).toHaveTextContent(
      "Shopify connection failed. Please try again.",
    );
    await waitFor(() => expect(window.location.search).toBe(""));
  });
});
