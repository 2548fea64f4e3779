/**
 * Pictures of screens for a person to look at (a layout at a phone's width, a language's script):
 * no assertion reads them, so a run makes them only when asked, `E2E_SCREENSHOTS=1` (each costs
 * a raster of the page and a PNG encoding: docs/performance.md "The browser tests, sixth pass").
 * What a screenshot of an element waited for (the element visible) the tests assert themselves.
 *
 *     E2E_SCREENSHOTS=1 E2E_SHARDS=1 node run.mjs tests/settings-act.spec.ts
 *
 * writes them where the tests name them (test-results/...).
 */
import type { Locator, Page } from '@playwright/test';

/** Whether this run writes the pictures (E2E_SCREENSHOTS=1). */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Writes a PNG of `target` (a page's viewport, or one element) to `path` when the run asks for
 * pictures (SCREENSHOTS); otherwise does nothing. Errors are Playwright's screenshot errors.
 */
export async function screenshotToLookAt(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}
