import { PAGE_FIRST_CALLS } from "../../src/contract/page-first-calls";
import { CURRENT_USER_PATH } from "../../src/contract/session-hint";
import { expect, test } from "./fixtures";
import { logInThroughSandbox } from "./sandbox";

/**
 * Decision 062: a signed-in screen's HTML preloads the session call and the screen's first calls. Each must be the
 * very request the app then makes (same URL, same mode): asked once, never a second time beside the preload.
 */
test("each signed-in screen's preloaded calls are the ones it makes, each asked once", async ({ page }) => {
  test.setTimeout(120_000);
  await logInThroughSandbox(page, "DemoSeller", { create: false });
  for (const [path, calls = []] of Object.entries(PAGE_FIRST_CALLS)) {
    // The page before is unloaded first, so a request it was still making is not counted as this page's.
    await page.goto("about:blank");
    const asked: string[] = [];
    const listener = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
    };
    page.on("request", listener);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    page.off("request", listener);

    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map(
        (link) => new URL(link.href).pathname + new URL(link.href).search,
      ),
    );
    expect(preloaded, path).toEqual([CURRENT_USER_PATH, ...calls]);
    for (const url of preloaded) {
      const pathOnly = url.split("?")[0];
      expect(
        asked.filter((a) => a.split("?")[0] === pathOnly),
        `${path}: ${pathOnly}`,
      ).toEqual([url]);
    }
  }
});
