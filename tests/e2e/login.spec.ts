import { expectNoSeriousA11yViolations } from "./axe";
import { capture } from "./capture";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxCall, uniqueUsername } from "./sandbox";

test("a new seller logs in through the sandbox, uses the shell, keeps the theme and logs out", async ({
  page,
}) => {
  const username = uniqueUsername("e2e");
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue" }).isDisabled();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();

  await logInThroughSandbox(page, username, { shots: "login" });

  // A new seller meets the setup wizard; the API path with the Free plan completes it.
  await expect(page.getByRole("heading", { name: "Welcome to Autodrop" })).toBeVisible();
  await capture(page, "login", "setup-wizard");
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await page.getByRole("radio", { name: /Custom API Integration/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("radio", { name: /^Free/ })).toBeChecked();
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page.getByText("Setup Complete!").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome to Autodrop" })).toHaveCount(0);
  await capture(page, "login", "dashboard");

  // The shell: navigation, and no Admin section for a seller.
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const entry of ["Dashboard", "Inventory", "Listings", "Orders", "API Integration", "Store Settings"]) {
    await expect(nav.getByRole("link", { name: entry })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Admin Controls" })).toHaveCount(0);

  // The avatar menu shows the username and the plan.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByTestId("user-menu-username")).toHaveText(username);
  await expect(page.getByTestId("user-menu-plan")).toHaveText("Free Plan");
  await expectNoSeriousA11yViolations(page, "the open account menu (dark theme)", '[role="menu"]');
  await page.keyboard.press("Escape");

  // Theme: dark by default, toggled to light, kept after a reload.
  const html = page.locator("html");
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Toggle theme" }).first().click();
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(html).not.toHaveClass(/dark/);
  await expectNoSeriousA11yViolations(page, "the dashboard in the light theme");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expectNoSeriousA11yViolations(page, "the open account menu (light theme)", '[role="menu"]');
  await page.keyboard.press("Escape");

  // Log out: back to /, and the session is gone.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get("/api/auth/me");
  expect(me.status()).toBe(401);
  // A signed-in screen always asks who the visitor is (decision 048), so a signed-out visit logs the 401.
  allowConsoleErrors(/status of 401 .*\/api\/auth\/me/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("a username Roblox does not know gets a clear error", async ({ page }) => {
  allowConsoleErrors(/status of 404 .*\/api\/auth\/login/);
  await page.goto("/login");
  await page.getByLabel("ROBLOX Username").fill("NoSuchUser_zz9");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByText("404: ROBLOX user not found. Check the username and try again.", { exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the login page with an error");
});

test("the landing page shows live counters and unknown pages show not-found", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(page.getByText("Users", { exact: true })).toBeVisible();
  await capture(page, "login", "landing");
  await page.goto("/?error=oauth_failed");
  await expect(page.getByText("Shopify connection failed. Please try again.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the landing page with an error");
  allowConsoleErrors(/status of 404 .*\/no\/such\/page/);
  await page.goto("/no/such/page");
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await capture(page, "login", "not-found");
  const api = await page.request.get("/api/nonexistent");
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: "Not found" });
});

test("on a 390 px phone the whole verification phrase wraps into view", async ({ page }) => {
  const username = uniqueUsername("phone");
  await sandboxCall(page.request, "POST", "/__sandbox/roblox/users", { username });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await page.getByLabel("ROBLOX Username").fill(username);
  await page.getByRole("button", { name: "Continue" }).click();
  const phrase = page.getByLabel("Verification phrase");
  await expect(phrase).toBeVisible();
  const { scrollWidth, clientWidth, scrollHeight, clientHeight } = await phrase.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
});
