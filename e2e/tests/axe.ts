/**
 * The accessibility check of the browser tests: axe-core with the WCAG 2
 * A and AA rules; the serious and critical violations, one line each (rule, impact, element,
 * summary), so a failing test says what to fix. Minor and moderate ones are not counted.
 * It runs once no CSS transition and no finite CSS animation is running (a toast sliding in, a
 * dialog fading in), so colours are the page's final ones.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page): Promise<string[]> {
  // A colour caught halfway through a CSS transition (a theme switch, a hover) or a finite
  // animation (a toast's entrance, whose opacity blends it with what is behind) is not the
  // page's colour: wait until none runs (infinite animations such as spinners stay).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    );
}
