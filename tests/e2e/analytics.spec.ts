import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { capture } from "./capture";
import { logInThroughSandbox, uniqueUsername } from "./sandbox";

/** At 390 px nothing runs off the side of the page (tables scroll inside their own region). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => !el.parentElement?.closest(".overflow-x-auto"))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)} px)`,
      ),
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `wider than the screen: ${wide.join("; ")}`).toBeLessThanOrEqual(0);
}

test("a seller sets costs, sees profit and the advanced analytics, and downloads the orders CSV", async ({
  page,
}) => {
  // DemoSeller is on the Pro plan with 30 days of orders.
  await logInThroughSandbox(page, "DemoSeller", { create: false });
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByRole("heading", { name: "Profit" })).toBeVisible();
  await expect(summary.getByText("No costs set, so this is revenue.")).toBeVisible();

  // Costs for every item at once, from the inventory.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Inventory", exact: true })
    .click();
  await page.getByRole("button", { name: "Set Costs" }).click();
  const dialog = page.getByRole("dialog", { name: "Set Costs" });
  await expect(dialog).toBeVisible();
  const fields = dialog.getByRole("textbox");
  await expect(fields.first()).toBeEnabled();
  await fields.first().fill("abc");
  await dialog.getByRole("button", { name: "Save Costs" }).click();
  await expect(
    page.getByText("Enter a cost in dollars, such as 1.25, or leave it empty for none.").first(),
  ).toBeVisible();
  const count = await fields.count();
  for (let i = 0; i < count; i++) await fields.nth(i).fill("0.10");
  await expectNoSeriousA11yViolations(page, "the Set Costs dialog");
  await dialog.getByRole("button", { name: "Save Costs" }).click();
  await expect(page.getByText("Costs saved").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // One item's cost from its own view.
  await page
    .getByRole("button", { name: /^View / })
    .first()
    .click();
  const view = page.getByRole("dialog");
  await expect(view.getByLabel("Unit cost (USD)")).toHaveValue("0.10");
  await view.getByLabel("Unit cost (USD)").fill("0.25");
  await view.getByRole("button", { name: "Save cost" }).click();
  await expect(page.getByText("Cost saved").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the item view with its cost");
  await view.getByRole("button", { name: "Close" }).last().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Profit now counts the costs, and Pro shows the analytics.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Dashboard", exact: true })
    .click();
  await expect(summary.getByText(/No costs set/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Analytics", exact: true })).toBeVisible();
  for (const title of ["Revenue and Profit", "Sales by Game", "Top Items", "Claim Funnel", "Repeat Buyers"])
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Median time to claim")).toBeVisible();
  await page.getByRole("button", { name: "30d" }).click();
  await expect(page.getByText("Last 30 days by the day, the previous period dashed")).toBeVisible();
  await expect(page.getByRole("table", { name: /Revenue and profit per day/ })).toBeAttached();
  await capture(page, "analytics", "dashboard");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Orders CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^autodrop-orders-30d-\d{4}-\d\d-\d\d\.csv$/);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const csv = await readFile(path, "utf8");
  const [header, ...rows] = csv.trimEnd().split("\r\n");
  expect(header).toBe(
    "order_id,created_at,source,order_number,game,status,roblox_username,items,total,revenue,cost,profit",
  );
  expect(rows.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Claim Funnel" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, "the analytics at 390 px");
});

test("a Free seller gets the upgrade prompt, and the advanced endpoints answer 403", async ({ page }) => {
  await logInThroughSandbox(page, uniqueUsername("free"));
  await page.getByRole("radio", { name: /Custom API Integration/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("radio", { name: /^Free/ })).toBeChecked();
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page.getByText("Setup Complete!").first()).toBeVisible();

  await expect(page.getByRole("heading", { name: "Profit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Advanced Analytics" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Claim Funnel" })).toHaveCount(0);
  await capture(page, "analytics", "free-dashboard");
  for (const url of ["/api/analytics?period=7d", "/api/analytics/orders.csv?period=7d"]) {
    const res = await page.request.get(url);
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({
      error: "Advanced analytics are included with the Basic and Pro plans.",
    });
  }
  await page.getByRole("link", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Advanced Analytics" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
