import type { Page } from "@playwright/test";
import { capture, SHOTS } from "./capture";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxCall, uniqueUsername } from "./sandbox";

const PHONE = { width: 390, height: 844 };

/**
 * What is wrong with the page's layout at its current width, measured from bounding boxes: the page scrolling
 * sideways, a tab outside its tab strip or the screen, or a table wider than its box without the scroll cue below it.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
      const box = list.getBoundingClientRect();
      for (const tab of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
        const t = tab.getBoundingClientRect();
        if (t.left < box.left - 0.5 || t.right > box.right + 0.5 || t.left < 0 || t.right > width)
          problems.push(
            `tab "${tab.textContent}" is cut off: ${t.left}..${t.right} in ${box.left}..${box.right}`,
          );
      }
    }
    for (const table of document.querySelectorAll<HTMLElement>("table:not(.sr-only)")) {
      const region = table.closest<HTMLElement>("section");
      if (!region) continue;
      const overflows = table.getBoundingClientRect().width > region.clientWidth + 0.5;
      const cue = region.parentElement?.parentElement?.querySelector<HTMLElement>("[data-scroll-cue]");
      const cueShown = cue !== null && cue !== undefined && cue.getBoundingClientRect().height > 0;
      if (overflows && !cueShown)
        problems.push(`table "${region.getAttribute("aria-label")}" is cut off unmarked`);
    }
    return problems;
  });
}

async function expectPhoneLayout(page: Page, what: string) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => layoutProblems(page), { message: `${what} at 390 px` }).toEqual([]);
}

test("a seller's screens at 390 px: tab strips whole, tables fit or say they scroll; one date format; the sidebar runs the page's length", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughSandbox(page, "DemoSeller", { create: false });

  // Orders: the status tabs start with "All Orders" whole (it used to read "rders").
  await page.goto("/orders");
  await expect(page.getByRole("article").first()).toBeVisible();
  // On a long page the sidebar's border runs to the end of the page, not one screen down.
  const column = page.getByTestId("sidebar-column");
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(2 * 800);
  expect((await column.boundingBox())?.height).toBeCloseTo(pageHeight, 0);
  await expectPhoneLayout(page, "Orders");
  const all = await page.getByRole("tab", { name: "All Orders" }).boundingBox();
  expect(all?.x).toBeGreaterThanOrEqual(0);
  await capture(page, "layout", "orders");

  for (const path of [
    "/dashboard",
    "/inventory",
    "/listings",
    "/store-settings",
    "/api-integration",
    "/subscription",
  ]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectPhoneLayout(page, path);
  }

  // Listings writes its dates as every other screen does: "Nov 27, 2026", not 11/27/2026.
  await page.goto("/listings");
  const created = page.locator("article time").first();
  await expect(created).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await capture(page, "layout", "listings");
});

test("Admin Controls at 390 px: all eight tabs in view and every table fits or says it scrolls", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughSandbox(page, "DemoAdmin", { create: false });
  await page.goto("/admin-controls");
  await expect(page.getByRole("heading", { name: "Admin Controls" })).toBeVisible();
  await page.setViewportSize(PHONE);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(8);
  for (const name of await tabs.allTextContents()) {
    await page.getByRole("tab", { name, exact: true }).click();
    await page.waitForLoadState("networkidle");
    await expectPhoneLayout(page, `Admin Controls, ${name}`);
  }
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  await expect(page.locator("[data-scroll-cue]").first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await capture(page, "layout", "admin-users");
});

test("the setup wizard's toasts keep clear of its buttons, and a Basic key chosen as Pro says it gave Basic", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInThroughSandbox(page, uniqueUsername("toast"));
  const wizard = page.getByRole("dialog", { name: "Welcome to Autodrop" });
  await page.getByRole("radio", { name: /Custom API Integration/ }).click();
  await wizard.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("radio", { name: /^Pro/ }).click();
  await page.getByRole("radio", { name: /Promotional Key/ }).click();

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(viewport);
    allowConsoleErrors(/status of 40\d .*\/api\/subscription\/use-key/);
    await page.getByLabel("Product Key").fill("NOT-A-REAL-KEY");
    await wizard.getByRole("button", { name: "Activate Key" }).click();
    const toast = page
      .locator("ol > li")
      .filter({ hasText: "This subscription key is invalid or has already been used." });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const buttonBox = await wizard.getByRole("button", { name: "Activate Key" }).boundingBox();
    const dialogBox = await wizard.boundingBox();
    if (!toastBox || !buttonBox || !dialogBox) throw new Error("not laid out");
    const overlaps = (a: typeof toastBox, b: typeof toastBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(toastBox, buttonBox), `the toast covers Activate Key at ${viewport.width} px`).toBe(
      false,
    );
    // Wide enough, the toast stays out of the dialog altogether.
    if (viewport.width === 1280) expect(overlaps(toastBox, dialogBox)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/layout-wizard-toast-${viewport.width}.png` });
    await expect(toast).toHaveCount(0, { timeout: 20_000 });
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  const { key } = await sandboxCall<{ key: string }>(page.request, "POST", "/__sandbox/subscription-keys", {
    tier: "basic",
  });
  await page.getByLabel("Product Key").fill(key);
  await wizard.getByRole("button", { name: "Activate Key" }).click();
  // The toast itself, not Radix's live-region copy of its text announced to screen readers for a moment.
  await expect(
    page
      .getByRole("region", { name: /Notifications/ })
      .getByText(
        "Your subscription has been activated! This key is for the Basic plan, so you are on Basic, not the Pro plan you chose.",
      ),
  ).toBeVisible();
  await expect(wizard).toHaveCount(0);
});

test("a signed-out visitor's pages make no session call", async ({ page }) => {
  const sessionCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/auth/me") sessionCalls.push(page.url());
  });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByLabel("ROBLOX Username")).toBeVisible();
  await page.goto("/documentation");
  await expect(page.getByRole("heading", { name: "API Documentation" })).toBeVisible();
  await page.goto("/claim");
  await expect(page.getByRole("heading", { name: "Open Your Claim Link" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(sessionCalls).toEqual([]);
});
