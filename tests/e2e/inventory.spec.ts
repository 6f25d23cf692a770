import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { startBotAgent } from "./agent";
import { expectNoSeriousA11yViolations } from "./axe";
import { capture } from "./capture";
import { expect, test } from "./fixtures";
import { createRobloxUserInSandbox, logInThroughSandbox, sandboxCall, uniqueUsername } from "./sandbox";

const ITEM = "Bone Blossom";

async function quantityOf(page: Page, publicName: string): Promise<number> {
  const card = page.getByRole("article", { name: publicName });
  if ((await card.count()) === 0) return 0;
  const label = await card.getByLabel(/^Quantity: \d+$/).getAttribute("aria-label");
  return Number(label?.split(": ")[1]);
}

/** At 390 px the open dialog's title wraps before the close button in its corner instead of running under it. */
async function expectTitleClearOfCloseButton(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = page.getByRole("dialog");
  const title = await dialog.getByRole("heading").first().boundingBox();
  const close = await dialog.getByRole("button", { name: "Close" }).last().boundingBox();
  expect(title && close && title.x + title.width <= close.x).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a seller creates a bot, a whitelisted friend deposits through it live, and the seller withdraws", async ({
  page,
}) => {
  const agent = startBotAgent(BASE_URL, "growagarden");
  try {
    // A friend of the seller with a Roblox account, who will trade items to the seller's bot.
    const friend = uniqueUsername("friend");
    await createRobloxUserInSandbox(page, friend);
    const friendUser = await sandboxCall<{ users: { id: number; name: string }[] }>(
      page.request,
      "GET",
      "/__sandbox/roblox/users-list",
    ).then((r) => r.users.find((u) => u.name === friend)!);

    // DemoSeller is on the Pro plan, so withdrawals are available.
    await logInThroughSandbox(page, "DemoSeller", { create: false });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Inventory", exact: true })
      .click();
    await expect(page.getByRole("heading", { name: "Inventory" })).toBeVisible();
    const before = await quantityOf(page, ITEM);
    await capture(page, "inventory", "page");

    // Create a Grow a Garden bot and whitelist the friend.
    await page.getByRole("button", { name: "Deposit Items" }).click();
    await expectNoSeriousA11yViolations(page, "the deposit dialog's game choice");
    await page.getByRole("button", { name: /Grow a Garden/ }).click();
    await page.getByRole("button", { name: "Create Bot" }).click();
    await expect(page.getByText("Bot created successfully!").first()).toBeVisible();
    await expect(page.getByText("AutodropBot_GAG").first()).toBeVisible();
    await page.getByLabel("ROBLOX username to whitelist").fill(friend);
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByText("User added to whitelist!").first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Whitelisted users" }).getByText(friend)).toBeVisible();
    await capture(page, "inventory", "deposit-dialog");
    await expectTitleClearOfCloseButton(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // In game, the friend trades 5 Bone Blossoms to the bot; the agent accepts and reports the deposit.
    await sandboxCall(page.request, "POST", "/__sandbox/roblox/trades", {
      fromUserId: friendUser.id,
      botUsername: "AutodropBot_GAG",
      game: "growagarden",
      items: [{ codeName: "bone_blossom", quantity: 5 }],
    });
    // No reload: the page is updated by the server's live events.
    await expect
      .poll(() => quantityOf(page, ITEM), { timeout: 30_000, message: agent.output() })
      .toBe(before + 5);

    // Withdraw 2 of them to the seller's own Roblox account.
    await page.getByRole("button", { name: "Withdraw Items" }).click();
    await page.getByLabel("ROBLOX Username").fill("DemoSeller");
    await page.getByRole("checkbox", { name: ITEM }).click();
    await page.getByLabel(`Quantity of ${ITEM}`).fill("2");
    await capture(page, "inventory", "withdraw-dialog");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Are you sure this is you?")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the withdrawal confirmation");
    await page.getByRole("button", { name: "Confirm Withdrawal" }).click();
    await expect(page.getByText("Withdrawal created successfully!").first()).toBeVisible();
    await expect.poll(() => quantityOf(page, ITEM)).toBe(before + 3);
    await expect(page.getByRole("button", { name: "Withdraw Items" })).toBeDisabled();

    // Turn on the bot; the agent trades the items over and completes the withdrawal.
    await page.getByRole("button", { name: "Turn On Bot" }).click();
    await expect(page.getByRole("heading", { name: "Bot Activated Successfully!" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the bot activated dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
    await expect(page.getByRole("button", { name: "Turn On Bot" })).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Withdraw Items" })).toBeEnabled();
    expect(await quantityOf(page, ITEM)).toBe(before + 3);
  } finally {
    await agent.stop();
  }
});
