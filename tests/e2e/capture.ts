import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

/** Screenshots for the report go to SHOTS_DIR (test-results/ by default, ignored by git). */
export const SHOTS = process.env.SHOTS_DIR ?? "test-results";

/** The page as it is now, at 1280 px and at 390 px, checked by axe at both widths; files `${prefix}-${name}-*.png`. */
export async function capture(page: Page, prefix: string, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  await page.screenshot({ path: `${SHOTS}/${prefix}-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, `${name} at 390 px`);
  await page.screenshot({ path: `${SHOTS}/${prefix}-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
