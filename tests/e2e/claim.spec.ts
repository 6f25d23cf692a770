import fs from "node:fs";
import path from "node:path";
import { CLAIM_JS_BUDGET } from "../../bench/page-weight";
import { BASE_URL } from "../../playwright.config";
import { startBotAgent } from "./agent";
import { expectNoSeriousA11yViolations } from "./axe";
import { capture } from "./capture";
import { allowConsoleErrors, expect, test, watchConsole } from "./fixtures";
import { logInThroughSandbox, sandboxCall, sandboxWindow, uniqueUsername } from "./sandbox";

const SHOP = "autodrop-demo.myshopify.com"; // DemoSeller's connected sandbox store
const PRODUCT = "Harvester"; // an mm2 product linked to DemoSeller's inventory
const WEBHOOK_ID = `${Date.now()}000000`; // Discord webhook ids are 17-20 digit snowflakes

interface SellerOrder {
  id: string;
  status: string;
  customerEmail: string | null;
  claimUrl: string;
}
interface DiscordMessage {
  webhookId: string;
  content: string | null;
  embeds: { title?: string }[];
}

test("a buyer claims a store order and the bot delivers it; seller and Discord are told", async ({
  page,
  browser,
}) => {
  const agent = startBotAgent(BASE_URL, "mm2");
  try {
    // The seller (Pro) turns on Discord notifications in Store Settings.
    await logInThroughSandbox(page, "DemoSeller", { create: false });
    await page
      .getByRole("navigation")
      .first()
      .getByRole("link", { name: "Store Settings", exact: true })
      .click();
    await page
      .getByLabel("Discord Webhook URL")
      .fill(`https://discord.com/api/webhooks/${WEBHOOK_ID}/e2e-token-abcdefghijklmnopqrstuvwxyz`);
    for (const name of ["Enable Discord Notifications", "Order Created", "Order Delivered"]) {
      const toggle = page.getByRole("switch", { name });
      if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
    }
    await page.getByRole("button", { name: "Save Discord Settings" }).click();
    await expect(page.getByText("Discord settings updated successfully!").first()).toBeVisible();
    await capture(page, "claim", "store-settings");

    // A buyer orders in the sandbox storefront.
    const email = `${uniqueUsername("buyer").toLowerCase()}@example.com`;
    const store = await sandboxWindow(page);
    await store.goto(`/__sandbox/shopify/${SHOP}/store`);
    await store.getByLabel(PRODUCT).fill("1");
    await store.getByLabel("Buyer e-mail").fill(email);
    await expectNoSeriousA11yViolations(store, "the sandbox Shopify storefront");
    await store.getByRole("button", { name: "Place order" }).click();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Orders", exact: true })
      .click();
    let order: SellerOrder | undefined;
    await expect
      .poll(async () => {
        const orders = (await (await page.request.get("/api/orders")).json()) as SellerOrder[];
        order = orders.find((o) => o.customerEmail === email);
        return order?.status;
      })
      .toBe("unclaimed");
    await capture(page, "claim", "orders");

    // The buyer, with no Autodrop account, opens the claim link in a fresh browser.
    const buyerName = uniqueUsername("Buyer");
    await sandboxCall(page.request, "POST", "/__sandbox/roblox/users", { username: buyerName });
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    watchConsole(buyer);
    // The claim page reads no session, so a signed-out buyer is never answered 401 by the session call.
    const sessionCalls: string[] = [];
    buyer.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/me") sessionCalls.push(request.url());
    });
    await buyer.goto(order!.claimUrl);
    await buyer.getByLabel("ROBLOX Username").fill(buyerName);
    await capture(buyer, "claim", "step1-username");
    await buyer.getByRole("button", { name: "Continue" }).click();
    await expect(buyer.getByRole("heading", { name: "Is this your ROBLOX account?" })).toBeVisible();
    await expectNoSeriousA11yViolations(buyer, "the claim page's account confirmation");
    // The bot would trade within a poll of the claim and move the page past the step that names it.
    agent.pause();
    await buyer.getByRole("button", { name: "Confirm" }).click();

    // Step 2: the seller's bot is turned on; the buyer joins and the bot trades the items.
    await expect(buyer.getByText("Join Bot").first()).toBeVisible();
    await expect(buyer.getByText("AutodropBot_MM2").first()).toBeVisible();
    await expectNoSeriousA11yViolations(buyer, "the claim page's join bot step");
    agent.resume();
    await expect(buyer.getByText("Order completed").first()).toBeVisible({ timeout: 45_000 });
    await capture(buyer, "claim", "completed");
    expect(sessionCalls).toEqual([]);

    // The seller's open Orders page shows it completed without a reload.
    await page.getByRole("tab", { name: /Completed/ }).click();
    await expect(page.getByText(buyerName).first()).toBeVisible({ timeout: 15_000 });

    // Discord got "order created" and "order delivered".
    await expect
      .poll(
        async () => {
          const { messages } = await sandboxCall<{ messages: DiscordMessage[] }>(
            page.request,
            "GET",
            `/__sandbox/discord/messages?webhookId=${WEBHOOK_ID}`,
          );
          return messages.map((m) => m.embeds[0]?.title ?? "");
        },
        { timeout: 30_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/New order #\d+$/),
          expect.stringMatching(/Order #\d+ delivered$/),
        ]),
      );
    await page.goto("/__sandbox/discord");
    await capture(page, "claim", "discord-inbox");
  } finally {
    await agent.stop();
  }
});

test("the buyer's claim page loads at most 90 kB of JavaScript, as the build compresses it", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/claim");
  await expect(page.getByRole("heading", { name: "Open Your Claim Link" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // What a browser that takes gzip but not brotli is sent (the larger of the two the build stores): the .gz beside
  // each script, or the script itself when it is too small to be compressed. Headers are not counted.
  const dist = path.resolve(import.meta.dirname, "../../dist/client");
  const sizes = scripts.map((file) => {
    const script = path.join(dist, file);
    return fs.statSync(fs.existsSync(`${script}.gz`) ? `${script}.gz` : script).size;
  });
  expect(scripts.length).toBeGreaterThan(0);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(CLAIM_JS_BUDGET);
});

test("the claim page's calls start with the page, not once its script has run", async ({ page }) => {
  allowConsoleErrors(/404/);
  await page.goto("/claim/424242/nobody%40example.com");
  await expect(page.getByRole("heading", { name: "Order Not Found" })).toBeVisible();
  // A call the page's script made itself would be a "fetch"; the server's Link header made these, and the script's
  // own calls were answered by them (one request each).
  const calls = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        initiator: (entry as PerformanceResourceTiming).initiatorType,
      }))
      .filter((call) => call.path.startsWith("/api/")),
  );
  expect(calls.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
    { path: "/api/claim/config", initiator: "link" },
    { path: "/api/orders/claim/424242/nobody%40example.com", initiator: "link" },
  ]);
});
