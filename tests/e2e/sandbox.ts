import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { BASE_URL as BASE } from "../../playwright.config";
import { expectNoSeriousA11yViolations } from "./axe";
import { capture } from "./capture";
import { watchConsole } from "./fixtures";

/** A unique, valid Roblox username for one test run. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);
}

/** Creates a sandbox Roblox user through the sandbox page, as a tester would. */
export async function createRobloxUserInSandbox(page: Page, username: string): Promise<void> {
  await page.goto("/__sandbox/roblox");
  await page.getByLabel("Username").fill(username);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText(username, { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the sandbox Roblox users page");
}

/** Puts text into a sandbox user's profile description through the sandbox page. */
export async function setProfileDescription(
  page: Page,
  username: string,
  description: string,
): Promise<void> {
  await page.goto("/__sandbox/roblox");
  await page.getByRole("link", { name: `Edit description of ${username}` }).click();
  await expectNoSeriousA11yViolations(page, "the sandbox Roblox profile editor");
  await page.getByLabel("Profile description").fill(description);
  await page.getByRole("button", { name: "Save description" }).click();
}

/**
 * Logs a user in through the real flow: login page, phrase into the sandbox profile (in a second tab), Verify & Login.
 * Creates the sandbox Roblox user first unless it exists. Both login steps are checked by axe; with `shots` they are
 * also captured at 1280 and 390 px under that prefix.
 */
export async function logInThroughSandbox(
  page: Page,
  username: string,
  opts: { create?: boolean; shots?: string } = {},
) {
  const sandboxTab = await sandboxWindow(page);
  if (opts.create !== false) await createRobloxUserInSandbox(sandboxTab, username);

  await page.goto("/login");
  await page.getByLabel("ROBLOX Username").fill(username);
  await checkPage(page, opts.shots, "login-username");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Verify Your Account" })).toBeVisible();
  await checkPage(page, opts.shots, "login-verify");
  const phrase = await page.getByLabel("Verification phrase").inputValue();
  expect(phrase.split(" ").length).toBeGreaterThan(3);

  await setProfileDescription(sandboxTab, username, `Hi! ${phrase}`);

  await page.getByRole("button", { name: "Verify & Login" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

/** axe on the page as it is; with a screenshot prefix, also the 1280 and 390 px captures. */
async function checkPage(page: Page, shots: string | undefined, name: string): Promise<void> {
  if (shots) await capture(page, shots, name);
  else await expectNoSeriousA11yViolations(page, name);
}

/**
 * A page in a separate browser window (its own context), as a tester would keep the sandbox open beside the app.
 * It is left open: closing a tab while the app tab waits in the background has hung Chromium in CI.
 */
export async function sandboxWindow(page: Page): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({ baseURL: BASE });
  const sandbox = await context.newPage();
  watchConsole(sandbox);
  return sandbox;
}

/** Sandbox control calls for tests that need set-up beyond what they exercise. */
export async function sandboxCall<T>(
  request: APIRequestContext,
  method: "POST" | "PATCH" | "GET",
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, data });
  expect(res.ok(), `${method} ${url} -> ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}
