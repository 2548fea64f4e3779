/**
 * The /verify/{id} island (ADR 0010): the page a stranger opens from a shared link needs its
 * verdict at once, but not the rest of the app. Before the app starts, the island shows the
 * verdict in the prerendered frame's <main>, with the DOM alone (no React, no i18next, no zod: a
 * few KB of gzip JavaScript, docs/performance.md): the credential's id under the lead, then
 * 'Loading...' for SPEC 9's second in the verdict's place (the frame's loading card), then the
 * verdict, its details, the checks made and the subject, masked, with Reveal fields / Hide
 * fields for a share link's chosen values, and Try again when the server cannot be reached
 * (verify-island-answer.ts, verify-island-view.ts: the app verifier page's elements and texts).
 *
 * A consent receipt's id ('receipt-…') gets the receipt page the same way, in the receipt page's
 * own prerendered frame (verify-receipt-island.ts).
 *
 * The header and footer stay the prerendered HTML until the app starts (src/public-start.ts); the
 * app then renders the page afresh in the island's place, and the verdict shown here is handed to
 * its verify route (verify-hand-over.ts), so the check does not run again.
 *
 * Only used when the frame is what this visitor should see (English, signed out); otherwise the
 * whole app starts at once. A stored 'light' or 'dark' theme is shown by the island
 * (verify-island-theme.ts: the header's theme button; the colours were set before the first
 * paint).
 */
import { isConsentReceiptId } from '@pehchaan/core';
import type { VerificationOutcome } from '@/features/verifier/api/verify-credential';
import { detailsFromAnswer } from '@/features/verifier/verdicts';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { delay } from '@/lib/delay';
import type { Island } from '@/public-start';
import { handOverVerifyOutcome } from './verify-hand-over';
import { checkCredentialInIsland } from './verify-island-answer';
import { showThemeInHeader, storedThemeInIsland } from './verify-island-theme';
import { credentialIdCode, loadingCard, verdictView } from './verify-island-view';
import { mountReceiptIsland } from './verify-receipt-island';

/**
 * Shows the verdict of `credentialId` in `main` (the site frame's <main>, holding the
 * prerendered verifier page in its loading state).
 * @returns the island; its `unmount` stops it (a check still running is not shown) and hands
 *   the verdict shown, if any, to the app.
 * @throws when `main` does not hold the prerendered verifier page.
 */
export function mountCredentialIsland(main: HTMLElement, credentialId: string): Island {
  const page = main.firstElementChild;
  const idLine = page?.firstElementChild?.children[2];
  const loading = page?.children[1];
  if (!page || !idLine || !loading) throw new Error('main does not hold the verifier page');
  idLine.append(credentialIdCode(credentialId));

  let live = true;
  let shown: VerificationOutcome | null = null;
  // What stands in the verdict's place: the loading card, or the verdict and its details.
  let placed: Element[] = [loading];
  const place = (nodes: Element[]) => {
    const [first, ...rest] = placed;
    first?.replaceWith(...nodes);
    for (const node of rest) node.remove();
    placed = nodes;
  };

  const run = async () => {
    shown = null;
    const [answer] = await Promise.all([
      checkCredentialInIsland(credentialId),
      delay(VERIFY_DELAY_MS),
    ]);
    // The server could not be reached: the copy in this browser, if any (SPEC 4).
    const local =
      answer.kind === 'failed'
        ? await import('./verify-island-local').then((m) => m.localCopyOf(credentialId))
        : null;
    if (!live) return;
    const outcome: VerificationOutcome =
      answer.kind === 'failed' ? { kind: 'failed', localCopy: local?.record ?? null } : answer;
    const details =
      outcome.kind === 'answer' ? detailsFromAnswer(outcome.answer) : (local?.details ?? null);
    shown = outcome;
    place(
      verdictView(outcome, details, () => {
        place([loadingCard()]);
        void run();
      }),
    );
  };
  void run();

  return {
    element: main,
    unmount() {
      live = false;
      if (shown) handOverVerifyOutcome(credentialId, { page: 'credential', outcome: shown });
    },
  };
}

/**
 * The island of `credentialId` (ADR 0010): the credential page (this module), or for a consent
 * receipt's id ('receipt-…') the receipt page (verify-receipt-island.ts). One chunk for both: a
 * chunk of its own for the receipt page would cost a receipt's visitor about 1 KB of gzip more
 * than it saves a credential's (docs/performance.md), and one more request.
 * @returns the function that mounts the island on `main` (the site frame's <main>), after
 *   setting the header's theme button to a stored 'light' or 'dark' theme, if any.
 */
export async function loadVerifyIsland(
  credentialId: string,
): Promise<(main: HTMLElement, credentialId: string) => Island> {
  const mount = isConsentReceiptId(credentialId) ? mountReceiptIsland : mountCredentialIsland;
  return (main, id) => {
    const theme = storedThemeInIsland();
    if (theme) showThemeInHeader(document, theme);
    return mount(main, id);
  };
}
