import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { capture as captureAt, SHOTS } from "./capture";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxCall, sandboxWindow, uniqueUsername } from "./sandbox";

const DAY = 86_400_000;
const capture = (page: Page, name: string) => captureAt(page, "payments", name);

/** A new seller finishes the setup wizard on the free plan and opens My Subscription. */
async function newFreeSellerOnSubscription(page: Page, prefix: string) {
  await logInThroughSandbox(page, uniqueUsername(prefix));
  const setup = page.getByRole("dialog", { name: "Welcome to Autodrop" });
  await setup.getByRole("radio", { name: /Custom API Integration/ }).click();
  await setup.getByRole("button", { name: "Continue" }).click();
  await setup.getByRole("button", { name: "Complete Setup" }).click();
  await expect(setup).toHaveCount(0);
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "My Subscription" })).toBeVisible();
}

const expiryText = (at: number) => new Date(at).toLocaleDateString("en-US", { dateStyle: "medium" });

test("a new seller buys Pro for 90 days with a discount code, paying in part and then the rest", async ({
  page,
}) => {
  test.setTimeout(420_000);
  await newFreeSellerOnSubscription(page, "buyer");
  await expect(page.getByTestId("plan-status")).toHaveText("Free Plan");
  await capture(page, "subscription-free");

  await page
    .getByRole("region", { name: "Pro" })
    .getByRole("button", { name: "Upgrade with Crypto" })
    .click();
  const wizard = page.getByRole("dialog");
  await expect(wizard.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
  await expect(wizard.getByRole("radio", { name: "Pro" })).toBeChecked();
  await capture(page, "step1-plan");
  await wizard.getByRole("button", { name: "Continue" }).click();

  await expect(wizard.getByRole("heading", { name: "Select Duration" })).toBeVisible();
  await wizard.getByLabel("Discount Code").fill("demo20");
  await expect(wizard.getByLabel("Discount Code")).toHaveValue("DEMO20");
  await wizard.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Discount Applied!").first()).toBeVisible();
  await wizard.getByRole("radio", { name: /90 days/ }).click();
  await expect(wizard.getByRole("radio", { name: /90 days/ }).locator("xpath=ancestor::label")).toContainText(
    "$39.99",
  );
  await capture(page, "step2-duration");
  await wizard.getByRole("button", { name: "Continue" }).click();

  await expect(wizard.getByRole("heading", { name: "Payment Method" })).toBeVisible();
  await wizard.getByRole("radio", { name: "Bitcoin" }).click();
  await capture(page, "step3-currency");
  await wizard.getByRole("button", { name: "Continue to Payment" }).click();

  await expect(wizard.getByRole("heading", { name: "Payment Details" })).toBeVisible();
  await expect(wizard.getByTestId("countdown")).toHaveText(/^(60:00|59:\d\d)$/);
  await expect(wizard.getByText("1 confirmation is required")).toBeVisible();
  await capture(page, "step4-payment-details");

  // The tester pays on the sandbox's invoice page, in a window of its own.
  const invoiceUrl = await wizard.getByRole("link", { name: /Open the invoice page/ }).getAttribute("href");
  const plisio = await sandboxWindow(page);
  await plisio.goto(invoiceUrl!);
  await expect(plisio.getByRole("heading", { name: "Plisio invoice" })).toBeVisible();
  await expectNoSeriousA11yViolations(plisio, "the sandbox invoice page");
  await plisio.getByRole("button", { name: "Pay half of the rest" }).click();
  await expect(plisio.getByTestId("invoice-status")).toHaveText("pending");
  await plisio.screenshot({ path: `${SHOTS}/payments-sandbox-invoice-1280.png`, fullPage: true });

  // Seen in the mempool (Plisio's pending_sum), not yet received: the wizard waits for the confirmation.
  await expect(wizard.getByRole("heading", { name: "Waiting for Confirmations" })).toBeVisible({
    timeout: 20_000,
  });
  await capture(page, "step5-waiting");

  await plisio.getByRole("button", { name: "Confirm payments" }).click();
  await expect(wizard.getByRole("heading", { name: "Partial Payment Received" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(wizard.getByTestId("received-amount")).toHaveText(/^\d+\.\d{8} BTC$/);
  await capture(page, "step7-partial");

  await plisio.getByRole("button", { name: "Pay in full" }).click();
  await plisio.getByRole("button", { name: "Confirm payments" }).click();
  await expect(plisio.getByTestId("invoice-status")).toHaveText("completed");
  await expect(wizard.getByRole("heading", { name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });
  await capture(page, "step8-success");
  await wizard.getByRole("button", { name: "Done" }).click();

  // The page shows the plan from the refreshed current user: Active, 90 days, expiring 90 days from now.
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  await expect(page.getByTestId("days-left")).toHaveText("90");
  await expect(page.getByTestId("plan-expiry")).toHaveText(expiryText(Date.now() + 90 * DAY));
  await expect(
    page.getByRole("region", { name: "Pro" }).getByRole("button", { name: "Add More Time" }),
  ).toBeVisible();
  const history = page.getByRole("row", { name: /Pro, 90 days/ });
  await expect(history).toContainText("$39.99");
  await expect(history).toContainText("Completed");
  await capture(page, "subscription-active");

  // A second invoice (a double click opens one), paid in part and left to expire: the expired step says what
  // arrived, and the history says it will be refunded.
  await page.getByRole("region", { name: "Pro" }).getByRole("button", { name: "Add More Time" }).click();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await wizard.getByRole("radio", { name: /30 days/ }).click();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await wizard.getByRole("radio", { name: "Litecoin" }).click();
  await wizard.getByRole("button", { name: "Continue to Payment" }).dblclick();
  await expect(wizard.getByRole("heading", { name: "Payment Details" })).toBeVisible();
  await plisio.goto(
    (await wizard.getByRole("link", { name: /Open the invoice page/ }).getAttribute("href"))!,
  );
  await plisio.getByRole("button", { name: "Pay half of the rest" }).click();
  await plisio.getByRole("button", { name: "Confirm payments" }).click();
  await expect(wizard.getByRole("heading", { name: "Partial Payment Received" })).toBeVisible({
    timeout: 20_000,
  });
  await plisio.getByRole("button", { name: "Let it expire" }).click();
  await expect(wizard.getByRole("heading", { name: "Invoice Expired" })).toBeVisible({ timeout: 20_000 });
  await expect(
    wizard.getByText("This payment invoice has expired. Please create a new payment."),
  ).toBeVisible();
  await expect(wizard.getByTestId("expired-received")).toHaveText(
    /^We received \d+\.\d{8} LTC for this invoice before it expired\. It bought nothing and will be refunded/,
  );
  await expectNoSeriousA11yViolations(page, "the Invoice Expired step with money received");
  await capture(page, "step6-expired");
  await wizard.getByRole("button", { name: "Start Over" }).click();
  await expect(wizard.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("row", { name: /Pro, 30 days/ })).toHaveCount(1);
  await expect(page.getByRole("row", { name: /Pro, 30 days/ })).toContainText("Expired");
  await expect(page.getByTestId("settlement-notes")).toContainText(
    "arrived, less than the invoice amount, and the invoice expired before the rest came, so it bought nothing. We will refund it to you in the same coin",
  );

  // A third invoice left open: its row carries the Pay link, which a phone must show without a sideways scroll.
  await page.getByRole("region", { name: "Pro" }).getByRole("button", { name: "Add More Time" }).click();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await wizard.getByRole("radio", { name: /Lifetime/ }).click();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await wizard.getByRole("radio", { name: "Ethereum" }).click();
  await wizard.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(wizard.getByRole("heading", { name: "Payment Details" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(wizard).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  const open = page.getByRole("row", { name: /Pro, lifetime/ });
  await open.scrollIntoViewIfNeeded();
  for (const part of [
    open.getByText(/ ETH$/),
    open.getByText("Pending"),
    open.getByRole("link", { name: "Pay" }),
  ]) {
    const box = await part.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, "My Subscription with its payment history at 390 px");
  await page.screenshot({ path: `${SHOTS}/payments-history-390.png`, fullPage: true });
});

test("a seller activates a subscription key from My Subscription", async ({ page }) => {
  await newFreeSellerOnSubscription(page, "keyuser");
  const { key } = await sandboxCall<{ key: string }>(page.request, "POST", "/__sandbox/subscription-keys", {
    tier: "basic",
  });
  const box = page.getByRole("region", { name: "Activate a Product Key" });
  await expect(box.getByRole("button", { name: "Activate Key" })).toBeDisabled();
  await box.getByLabel("Product Key").fill(key);
  await box.getByRole("button", { name: "Activate Key" }).click();
  await expect(page.getByText("Subscription activated successfully!").first()).toBeVisible();
  await expect(page.getByTestId("plan-status")).toHaveText("Active");
  await expect(page.getByTestId("days-left")).toHaveText("30");
  await capture(page, "key-activated");

  allowConsoleErrors(/status of 409 .*\/api\/subscription\/use-key/);
  await box.getByLabel("Product Key").fill(key);
  await box.getByRole("button", { name: "Activate Key" }).click();
  await expect(
    page.getByText("This subscription key is invalid or has already been used.").first(),
  ).toBeVisible();
});
