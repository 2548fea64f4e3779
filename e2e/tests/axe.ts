/**
 * The accessibility check of the browser tests: axe-core with the WCAG 2
 * A and AA rules; the serious and critical violations, one line each (rule, impact, element,
 * summary), so a failing test says what to fix. Minor and moderate ones are not counted.
 * It runs on a settled page: once no CSS transition and no finite CSS animation is running (a toast
 * sliding in, a dialog fading in), so colours are the page's final ones; and a scan during which
 * one started (a toast's exit animation, which blends it with what is behind) is discarded and
 * taken again once the page has settled, so nothing is ever left out of the check.
 *
 * What is scanned: each page or state once per language, the two themes split between a page's
 * languages or states (colours come from the theme, words from the language); other specs reach
 * the same screens without scanning them again:
 * - public pages, English in light and Hindi in dark: /, /login, /verify/{id}, /about, /contact,
 *   /privacy, /terms, /support, /help (public-pages.spec.ts);
 * - /settings in each of the 8 languages of SETTINGS_LANGUAGES, light, 390 px (English in
 *   languages.spec.ts, the others in english-words.ts) and in dark, English;
 *   /profile in light and /profile editing with an error in dark (profile-settings.spec.ts);
 * - /dashboard, /credentials, /consent with the developer tools collapsed (developer-tools.spec.ts);
 * - the Approve summary with a field left out (consent-fields.spec.ts); the Withdraw dialog, the
 *   withdrawn card and the portal after the withdrawal (consent-withdrawal.spec.ts); the receipt
 *   page of a withdrawn consent (consent-receipt-status.spec.ts);
 * - the verifier portal's sign-in, filled request form and waiting request, and the share summary
 *   (oid4vp.spec.ts's first test, through portal-and-holder.ts's `scan`); the portal's verified
 *   answer, and its history after a reload (oid4vp.spec.ts);
 * - offline changes waiting to sync, and a decision refused by the server (outbox.spec.ts);
 * - Add from an issuer, the offer review with its transaction code, the received card, the review
 *   refusing a type already held, /receive with an unknown offer (receive-from-issuer.spec.ts);
 * - the recovery codes dialog and the recovery code sign-in step (recovery-codes.spec.ts);
 * - the demos: /digital-wallet in light, its audit trail with the Declined tab and its revoke
 *   dialog in dark; /longterm's every tab as seller in light and as buyer in dark; /kyc-demo step
 *   1 in light, step 2 in dark; /business-dashboard in both (demos-wallet-marketplace.spec.ts,
 *   demos-kyc-business.spec.ts);
 * - the signed-in screens above are in light unless named, English unless named.
 *
 * How it runs: axe-core's own `axe.run` inside the page (its source put in each frame of the
 * document once, `axe.configure` to same-origin frames as @axe-core/playwright does), with the
 * rules of the WCAG 2 A and AA tags, and only the violations sent back. @axe-core/playwright's
 * `analyze()` injected the 550 KB source again for every scan and finished each in a new blank
 * page (a renderer started and the source compiled there too): 2.5 to 3 times the CPU per scan
 * for the same violations (docs/performance.md "The browser tests, sixth pass").
 */
import type { Frame, Page } from '@playwright/test';
import axeCore from 'axe-core';

/** Scans taken again at most, when an animation started during each. */
const MAX_RESCANS = 3;

/**
 * Waits until no CSS transition and no finite CSS animation runs (infinite spinners may); answers
 * the document timeline's time (ms) at which the page was seen settled.
 */
async function settled(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ) && Number(document.timeline.currentTime ?? 0),
    undefined,
    { timeout: 5_000 },
  );
  return Number(await handle.jsonValue());
}

/**
 * Starts noting whether a finite CSS animation or transition starts, runs or ends on the page
 * after `since` (the timeline time the page was seen settled: one that starts between that moment
 * and these listeners is caught by its start time); answers the function that stops noting and
 * tells.
 */
async function watchAnimations(page: Page, since: number): Promise<() => Promise<boolean>> {
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
    const types = [
      'animationstart',
      'animationend',
      'animationcancel',
      'transitionstart',
      'transitionrun',
      'transitionend',
      'transitioncancel',
    ];
    for (const type of types) document.addEventListener(type, note, true);
    (window as unknown as { __axeWatch: () => boolean }).__axeWatch = () => {
      for (const type of types) document.removeEventListener(type, note, true);
      return state.started;
    };
  });
  return () =>
    page.evaluate((settledAt) => {
      const noted = (window as unknown as { __axeWatch: () => boolean }).__axeWatch();
      // A finite animation running now, or one (kept by its fill) that started after the page was
      // seen settled, moved during the scan even if no event reached the listeners.
      const moved = document.getAnimations().some((animation) => {
        if (animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY)
          return false;
        if (animation.playState === 'running') return true;
        const start = animation.startTime;
        return start !== null && Number(start) >= settledAt;
      });
      return noted || moved;
    }, since);
}

/** The rules run: axe-core's rules tagged WCAG 2 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa'];

/** A violation as the page sends it back: the rule, its impact, and each node's selector and summary. */
interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

type AxeWindow = Window & { axe?: typeof axeCore };

/** Puts axe-core in `frame`'s document unless it is there already (once per document). */
async function inject(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')) return;
  await frame.evaluate(axeCore.source);
  await frame.evaluate(() =>
    (window as AxeWindow).axe?.configure({ allowedOrigins: ['<same_origin>'] }),
  );
}

/** One axe run of `page`'s document (its frames included): the violations of TAGS' rules. */
async function axeViolations(page: Page): Promise<Violation[]> {
  for (const frame of page.frames()) await inject(frame);
  return page.evaluate(async (tags) => {
    const axe = (window as AxeWindow).axe;
    if (!axe) throw new Error('axe-core is not on the page');
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({
        target: n.target as unknown[],
        failureSummary: n.failureSummary,
      })),
    }));
  }, TAGS);
}

/**
 * The serious and critical WCAG 2 A/AA violations on `page` once it has settled (see above), one
 * line each: `<rule> (<impact>): <selector> <failure summary>`; empty when there are none.
 * Rescans (at most MAX_RESCANS) when an animation ran during a scan. Throws when a frame cannot be
 * scanned (axe-core's own error) or the page does not settle within 5 s.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  for (let scan = 0; ; scan++) {
    const settledAt = await settled(page);
    const animated = await watchAnimations(page, settledAt);
    const violations = await axeViolations(page);
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
