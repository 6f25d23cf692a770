import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page once its finite animations have settled and fails on any serious
 * or critical violation, naming each rule and the elements it found. `within` narrows the check to one part: an
 * open modal menu, whose library marks the rest of the page aria-hidden while keeping it out of the tab order, which
 * axe would otherwise report against the page behind.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  what = page.url(),
  within?: string,
): Promise<void> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `accessibility of ${what}`).toEqual([]);
}

/**
 * A dialog fading in is briefly translucent, and axe measures the colours blended with what lies beneath, so
 * a check that lands mid-animation reports contrast the user never sees once it settles. Spinners repeat forever
 * and are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
