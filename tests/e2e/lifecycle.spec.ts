import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test, watchConsole } from "./fixtures";
import { logInThroughSandbox, sandboxCall, sandboxWindow, uniqueUsername } from "./sandbox";

const SHOP = "autodrop-demo.myshopify.com"; // DemoSeller's connected sandbox store
const PRODUCT = "Harvester"; // an mm2 product linked to DemoSeller's inventory

interface SellerOrder {
  status: string;
  customerEmail: string | null;
  shopifyOrderId: string | null;
  claimUrl: string;
}

/** The seller's order placed by `email`, once the app has it in `status`. */
async function orderOf(page: Page, email: string, status: string): Promise<SellerOrder> {
  let order: SellerOrder | undefined;
  await expect
    .poll(async () => {
      const orders = (await (await page.request.get("/api/orders?limit=50")).json()) as SellerOrder[];
      order = orders.find((o) => o.customerEmail === email);
      return order?.status;
    })
    .toBe(status);
  return order!;
}

/** A buyer places one Harvester on the storefront, paying by card or by bank transfer (pending). */
async function checkout(store: Page, email: string, payment: "Card" | "Bank transfer") {
  await store.goto(`/__sandbox/shopify/${SHOP}/store`);
  await store.getByLabel(PRODUCT).fill("1");
  await store.getByLabel("Buyer e-mail").fill(email);
  await store.getByRole("radio", { name: new RegExp(`^${payment}`) }).check();
  await expectNoSeriousA11yViolations(store, "the sandbox storefront's checkout");
  await store.getByRole("button", { name: "Place order" }).click();
}

/** The page at a desktop and a phone width (the top of it: the seller's list runs long). */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a pending store order waits for its payment, is claimed once paid; a cancelled one is refused", async ({
  page,
  browser,
}) => {
  await logInThroughSandbox(page, "DemoSeller", { create: false });
  const store = await sandboxWindow(page);

  // A buyer pays by bank transfer: the order is stored, its items reserved, but it cannot be claimed yet.
  const email = `${uniqueUsername("payer").toLowerCase()}@example.com`;
  await checkout(store, email, "Bank transfer");
  const pending = await orderOf(page, email, "awaiting_payment");

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  const pendingCard = page
    .getByRole("article", { name: /Order #\d+ · / })
    .filter({ has: page.getByText("Awaiting payment", { exact: true }) })
    .first();
  await expect(pendingCard).toBeVisible();
  await expect(pendingCard.getByRole("button", { name: "View Claim URL" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "orders page");
  await screenshots(page, "lifecycle-orders");

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  watchConsole(buyer);
  await buyer.goto(pending.claimUrl);
  await expect(buyer.getByText("Your payment is still being processed")).toBeVisible();
  await expect(buyer.getByLabel("ROBLOX Username")).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer, "claim page awaiting payment");
  await screenshots(buyer, "lifecycle-claim-waiting");

  // The store marks it paid: orders/paid makes it claimable.
  await store.goto(`/__sandbox/shopify/${SHOP}/admin/orders/${pending.shopifyOrderId}`);
  await expectNoSeriousA11yViolations(store, "the sandbox store's order page");
  await store.getByRole("button", { name: "Mark as paid" }).click();
  await expect(store.getByText("Marked as paid.")).toBeVisible();
  await orderOf(page, email, "unclaimed");
  const buyerName = uniqueUsername("Payer");
  await sandboxCall(page.request, "POST", "/__sandbox/roblox/users", { username: buyerName });
  await buyer.reload();
  await buyer.getByLabel("ROBLOX Username").fill(buyerName);
  await buyer.getByRole("button", { name: "Continue" }).click();
  await buyer.getByRole("button", { name: "Confirm" }).click();
  await expect(buyer.getByText("Join Bot").first()).toBeVisible();
  await orderOf(page, email, "pending");

  // Another buyer pays by card, then the store cancels the order before it is claimed.
  const other = `${uniqueUsername("cancel").toLowerCase()}@example.com`;
  await checkout(store, other, "Card");
  const paid = await orderOf(page, other, "unclaimed");
  await store.goto(`/__sandbox/shopify/${SHOP}/admin/orders/${paid.shopifyOrderId}`);
  await store.getByRole("button", { name: "Cancel order" }).click();
  await expect(store.getByText("Order cancelled.")).toBeVisible();
  await orderOf(page, other, "refunded");
  await buyer.goto(paid.claimUrl);
  await expect(buyer.getByText("This order was cancelled")).toBeVisible();
  await expect(buyer.getByLabel("ROBLOX Username")).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer, "claim page cancelled");
  await screenshots(buyer, "lifecycle-claim-cancelled");

  await page.reload();
  await expect(page.getByText("Refunded before delivery").first()).toBeVisible();
  await screenshots(page, "lifecycle-orders-after");

  // The seller cancels one of the demo store's failed orders from its card.
  const failedCard = page
    .getByRole("article")
    .filter({ has: page.getByText("Failed", { exact: true }) })
    .first();
  await expect(failedCard.getByRole("button", { name: "Retry" })).toBeVisible();
  const failedTitle = (await failedCard.getAttribute("aria-label"))!;
  await failedCard.getByRole("button", { name: "Cancel order" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByText(`Cancel ${failedTitle}?`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, "cancel order dialog");
  await confirm.getByRole("button", { name: "Cancel order" }).click();
  await expect(
    page.getByRole("article", { name: failedTitle }).getByText("Cancelled", { exact: true }),
  ).toBeVisible();
  await buyerContext.close();
});
