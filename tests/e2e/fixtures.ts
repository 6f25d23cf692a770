import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";

/** What the current test has let through: console errors it provokes on purpose (a refused key, a 409 it checks). */
let allowed: RegExp[] = [];
/** The console errors of the current test's pages so far; null between tests. */
let seen: string[] | null = null;

/**
 * Fails the current test on any console error or uncaught exception in `page`. Every page of the test's own context
 * is watched already; call it for a page opened in another context (the sandbox window).
 */
export function watchConsole(page: Page): void {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = `${message.text()} (${message.location().url || page.url()})`;
    if (!allowed.some((pattern) => pattern.test(text))) seen?.push(text);
  });
  page.on("pageerror", (error) => seen?.push(`uncaught: ${error.message} (${page.url()})`));
}

/**
 * Lets console errors matching `pattern` through for the rest of the current test: only for errors the test causes
 * on purpose and checks (Chromium logs every 4xx and 5xx answer to the page's own requests as a console error).
 */
export function allowConsoleErrors(pattern: RegExp): void {
  allowed.push(pattern);
}

/**
 * The `test` every browser spec uses: Playwright's, with an automatic check that the test ends without a console
 * error on any page it opened, so a screen that logs an error (a React warning, a failed request) fails its spec.
 */
export const test = base.extend<{ noConsoleErrors: undefined }>({
  noConsoleErrors: [
    async ({ context }, use) => {
      allowed = [];
      seen = [];
      const errors = seen;
      for (const page of context.pages()) watchConsole(page);
      context.on("page", watchConsole);
      await use(undefined);
      seen = null;
      base.expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
