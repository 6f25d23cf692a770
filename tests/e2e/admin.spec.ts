import type { Locator, Page } from "@playwright/test";
import { at } from "../../src/server/db/rows.js";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxWindow, uniqueUsername } from "./sandbox";

/** Screenshots for the report go to SHOTS_DIR (test-results/ by default, ignored by git). */
const SHOTS = process.env.SHOTS_DIR ?? "test-results";

/** The page as it is now, at 1280 px and at 390 px, checked by axe at both widths. */
async function capture(page: Page, name: string) {
  // A toast fading out is checked by axe mid-animation, at part opacity: shots are taken once it has gone.
  await expect(page.getByRole("region", { name: /Notifications/ }).locator("li")).toHaveCount(0, {
    timeout: 10_000,
  });
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: `${SHOTS}/admin-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, `${name} at 390 px`);
  await page.screenshot({ path: `${SHOTS}/admin-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const successToast = (page: Page, text: string | RegExp) =>
  expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible();

test("DemoAdmin manages items, keys, discount codes, bots, rules and grants, each recorded in the audit log", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logInThroughSandbox(page, "DemoAdmin", { create: false });
  await page.goto("/admin-controls");
  await expect(page.getByRole("heading", { name: "Admin Controls", level: 1 })).toBeVisible();
  for (const card of ["Total Users", "Active Subscriptions", "Total Items", "Revenue"])
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Users" })).toBeVisible();
  await capture(page, "users");

  // DemoSeller keeps the Inventory page open in a window of their own: the grant shows up there live.
  const seller = await sandboxWindow(page);
  await logInThroughSandbox(seller, "DemoSeller", { create: false });
  await seller.goto("/inventory");
  await expect(seller.getByRole("heading", { name: "Inventory", level: 1 })).toBeVisible();

  // Create Item.
  const codeName = uniqueUsername("egg").toLowerCase();
  const publicName = `Golden Egg ${codeName.slice(-4)}`;
  await page.getByRole("button", { name: "Create Item" }).click();
  const itemDialog = page.getByRole("dialog", { name: "Create Item" });
  await choose(page, itemDialog.getByLabel("Game"), "Grow a Garden");
  await itemDialog.getByLabel("Code Name").fill(codeName);
  await itemDialog.getByLabel("Public Name").fill(publicName);
  await itemDialog.getByLabel("Image URL").fill("/item-images/growagarden/carrot.svg");
  await itemDialog.getByRole("button", { name: "Create Item" }).click();
  await successToast(page, `${publicName} created`);
  await expect(itemDialog).toHaveCount(0);
  await page.getByRole("tab", { name: "Item Dictionary" }).click();
  await expect(page.getByRole("cell", { name: codeName, exact: true })).toBeVisible();
  await capture(page, "items");

  // Generate 5 Pro keys.
  await page.getByRole("button", { name: "Generate Keys" }).click();
  const keysDialog = page.getByRole("dialog", { name: "Generate Keys" });
  await choose(page, keysDialog.getByLabel("Tier"), "Pro");
  await keysDialog.getByLabel("Number of keys").fill("5");
  await keysDialog.getByRole("button", { name: "Generate" }).click();
  const generated = page.getByTestId("generated-keys");
  await expect(generated).toBeVisible();
  const keys = (await generated.inputValue()).trim().split("\n");
  expect(keys).toHaveLength(5);
  for (const key of keys) expect(key).toMatch(/^ADK(-[0-9A-Z]{4}){7}$/);
  await expect(page.getByRole("button", { name: "Copy All" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
  await capture(page, "keys-generated");
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("tab", { name: "Subscription Keys" }).click();
  await expect(page.getByText(at(keys, 0), { exact: true })).toBeVisible();

  // Create a discount code, then deactivate it.
  const code = uniqueUsername("SAVE")
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, "");
  await page.getByRole("tab", { name: "Discount Codes" }).click();
  await expect(page.getByLabel("Discount (%)")).toHaveValue("10");
  await expect(page.getByLabel("Usage Limit")).toHaveValue("100");
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code);
  await page.getByRole("button", { name: "Create Code" }).click();
  await successToast(page, `Discount code ${code} created`);
  const row = page.getByRole("region", { name: "Discount codes" }).getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("0/100");
  await expect(row).toContainText("Active");
  await row.getByRole("switch", { name: `${code} active` }).click();
  await successToast(page, `${code} deactivated`);
  await expect(row).toContainText("Inactive");
  await page.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText("Please enter a discount code").first()).toBeVisible();
  await capture(page, "discount-codes");

  // Bulk-add three bots.
  const bots = [uniqueUsername("BotA"), uniqueUsername("BotB"), uniqueUsername("BotC")];
  await page.getByRole("tab", { name: "Deposit Bots" }).click();
  await choose(page, page.getByRole("combobox", { name: "Game", exact: true }), "Grow a Garden");
  await page.getByLabel("Bulk mode (one username per line)").click();
  await page.getByLabel("Bot Usernames").fill(`${bots[0]}\n\n${bots[1]}\n${bots[2]}\n`);
  await page.getByRole("button", { name: "Add Bots" }).click();
  await successToast(page, "Added 3 bots to Grow a Garden. Ignored 2 blank lines.");
  for (const bot of bots)
    await expect(
      page.getByRole("region", { name: "Deposit bots" }).getByRole("row").filter({ hasText: bot }),
    ).toContainText("Available");
  await capture(page, "bots");

  // Set a rule.
  await page.getByRole("tab", { name: "Game Management" }).click();
  const garden = page.getByRole("region", { name: "Grow a Garden" });
  await garden.getByLabel("Max items per listing").fill("5");
  await garden.getByRole("button", { name: "Save Grow a Garden rules" }).click();
  await successToast(page, "Grow a Garden rules saved");
  await expect(garden.getByLabel("Max items per listing")).toHaveValue("5");
  await capture(page, "games");

  // Grant the new item to DemoSeller.
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByLabel("Search users").fill("DemoSeller");
  await expect(page.getByRole("region", { name: "Users" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Add items to DemoSeller" }).click();
  const grant = page.getByRole("dialog", { name: "Add Items to DemoSeller" });
  await grant.getByRole("button", { name: "Add Items" }).click();
  await expect(page.getByText("Please select an item").first()).toBeVisible();
  await choose(page, grant.getByLabel("Item"), `${publicName} (Grow a Garden)`);
  await grant.getByLabel("Quantity").fill("1.5");
  await grant.getByRole("button", { name: "Add Items" }).click();
  await expect(page.getByText("Quantity must be a whole number of at least 1").first()).toBeVisible();
  await grant.getByLabel("Quantity").fill("3");
  await grant.getByRole("button", { name: "Add Items" }).click();
  await successToast(page, "Added 3 to DemoSeller's inventory");
  await expect(seller.getByText(publicName).first()).toBeVisible();

  // Every change above is in the audit log.
  const audit = page.getByRole("region", { name: "Audit Log" });
  for (const change of [
    `created ${codeName}`,
    "generated 5 pro keys",
    `created ${code}`,
    `deactivated ${code}`,
    "added 3 Grow a Garden bots",
    "updated Grow a Garden",
    `granted 3 × ${codeName} to DemoSeller`,
  ])
    await expect(audit.getByText(change, { exact: true })).toBeVisible();
  await choose(page, audit.getByLabel("Filter by kind"), "Discount code");
  await expect(audit.getByRole("row")).toHaveCount(3);

  await page.getByRole("tab", { name: "Actions" }).click();
  for (const action of ["Bulk Export Users", "System Health Check", "Generate Reports", "Backup Data"])
    await expect(page.getByRole("button", { name: action })).toBeDisabled();
  await capture(page, "actions");
  await page.getByRole("tab", { name: "API Documentation" }).click();
  await expect(page.getByText("/api/bot/deposits", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "API Documentation page" })).toHaveAttribute(
    "href",
    "/documentation",
  );
  await capture(page, "api-docs");
});

test("a seller who opens /admin-controls gets the not-found page", async ({ page }) => {
  await logInThroughSandbox(page, uniqueUsername("nosy"));
  await page.goto("/admin-controls");
  await expect(page.getByRole("heading", { name: "Admin Controls" })).toHaveCount(0);
  await expect(page.getByText(/not found|404/i).first()).toBeVisible();
});
