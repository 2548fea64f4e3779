/**
 * The /verify/{id} island (ADR 0010): the page a stranger opens from a shared link needs its
 * verdict at once, but not the rest of the app. This small React root (no router, no query
 * client, no toasts) hydrates the prerendered frame's <main> with the verifier page, which shows
 * 'Loading...' in the verdict's place for SPEC 9's second and then the verdict. A consent
 * receipt's id ('receipt-…') gets the receipt page (features/verifier receipt-page.tsx) with the
 * receipt's verdict, as in the app; it is rendered afresh over the frame, which holds the
 * credential page. The header and
 * footer stay the prerendered HTML until the app starts (src/public-start.ts); the app then takes
 * the page over, and the verdict shown here is handed to its verify route (verify-hand-over.ts).
 *
 * Only used when the frame is what this visitor should see (English, theme 'system', signed out);
 * otherwise the whole app starts at once.
 */
import type { VerifyPageOutcome } from '@/features/verifier/components/verifier-page';
import { nextTask } from '@/lib/next-task';
import type { Island } from '@/public-start';
import { handOverVerifyOutcome } from './verify-hand-over';

/**
 * Loads the island's modules in steps, one task each (docs/performance.md): React; zod's
 * configuration (before any schema parses: config/env.ts parses one when evaluated); the texts
 * (verify-island-texts.ts); the API client; the verifier page (and the receipt page) with the
 * verdicts' schemas. The
 * verify frame's loader has already fetched every one of them (scripts/prerender.mjs), so the
 * steps wait for no download.
 * @returns the function that hydrates `main` (the site frame's <main>, holding the prerendered
 *   verifier page) with the verifier page of `credentialId`, as a time-sliced transition (a
 *   consent receipt's id: renders the receipt page there instead); the island it returns hands
 *   the verdict shown, if any, to the app when unmounted.
 */
export async function loadVerifyIsland(): Promise<
  (main: HTMLElement, credentialId: string) => Island
> {
  const [
    { StrictMode, createElement, startTransition },
    { createRoot, hydrateRoot },
    { flushSync },
  ] = await Promise.all([import('react'), import('react-dom/client'), import('react-dom')]);
  await nextTask();
  await import('@/lib/zod-config');
  await nextTask();
  const [{ islandTexts }, { I18nextProvider }] = await Promise.all([
    import('./verify-receipt-island-texts'),
    import('react-i18next'),
  ]);
  await nextTask();
  await import('@/lib/api-client');
  await nextTask();
  // Not '@pehchaan/core' itself: a dynamic import of the package would load all of it.
  const { VerifierPage, isReceiptPageId } = await import(
    '@/features/verifier/components/verifier-page'
  );
  await nextTask();

  return (main, credentialId) => {
    // The verdict on screen (null while a check runs): a credential's or a consent receipt's.
    let shown: VerifyPageOutcome | null = null;
    const onOutcome = (outcome: VerifyPageOutcome | null) => {
      shown = outcome;
    };
    let root: ReturnType<typeof createRoot> | undefined;
    // createElement: JSX would import React's runtime with this module, before the steps.
    const page = createElement(
      StrictMode,
      null,
      createElement(
        I18nextProvider,
        { i18n: islandTexts },
        createElement(VerifierPage, { credentialId, onOutcome }),
      ),
    );
    if (isReceiptPageId(credentialId)) {
      // A consent receipt's link shows the receipt page, not the credential page the frame
      // holds: rendered afresh over the frame in one task (no empty frame painted), where
      // hydrating would fail on the differing texts. React clears the frame in that commit.
      const receiptRoot = createRoot(main);
      flushSync(() => receiptRoot.render(page));
      root = receiptRoot;
    } else {
      startTransition(() => {
        root = hydrateRoot(main, page);
      });
    }
    return {
      element: main,
      unmount() {
        root?.unmount();
        if (shown) handOverVerifyOutcome(credentialId, shown);
      },
    };
  };
}
