/**
 * The accessibility check of the browser tests: axe-core with the WCAG 2
 * A and AA rules; the serious and critical violations, one line each (rule, impact, element,
 * summary), so a failing test says what to fix. Minor and moderate ones are not counted.
 * It runs on a settled page: once no CSS transition and no finite CSS animation is running (a toast
 * sliding in, a dialog fading in), so colours are the page's final ones; and a scan during which
 * one started (a toast's exit animation, which blends it with what is behind) is discarded and
 * taken again once the page has settled, so nothing is ever left out of the check.
 *
 * Which pages and states are scanned, in which language and theme: tests/accessibility.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Scans taken again at most, when an animation started during each. */
const MAX_RESCANS = 3;

/** Waits until no CSS transition and no finite CSS animation runs (infinite spinners may). */
async function settled(page: Page): Promise<void> {
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
}

/**
 * Starts noting whether a finite CSS animation or transition starts on the page (capturing
 * listeners on the document); answers the function that stops noting and tells.
 */
async function watchAnimations(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const state = { started: false };
    const note = (event: Event) => {
      const target = event.target as Element;
      const finite = target
        .getAnimations?.()
        .some(
          (animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
      if (finite ?? true) state.started = true;
    };
    const types = ['animationstart', 'transitionstart', 'transitionrun'];
    for (const type of types) document.addEventListener(type, note, true);
    (window as unknown as { __axeWatch: () => boolean }).__axeWatch = () => {
      for (const type of types) document.removeEventListener(type, note, true);
      return state.started;
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { __axeWatch: () => boolean }).__axeWatch());
}

export async function seriousViolations(page: Page): Promise<string[]> {
  for (let scan = 0; ; scan++) {
    await settled(page);
    const animated = await watchAnimations(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    // A scan that saw something move is not the settled page's: take it again.
    if ((await animated()) && scan < MAX_RESCANS) continue;
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary ?? ''}`,
        ),
      );
  }
}
