/**
 * The /verify/{receiptId} island (ADR 0010; verify-island.ts mounts it for a consent receipt's
 * id): the consent receipt's page drawn with the DOM alone, as the credential's is
 * (verify-receipt-island-answer.ts checks the answer and reads the receipt,
 * verify-receipt-island-view.ts draws receipt-page.tsx's elements and texts). The app, when it
 * takes the page over, gets the outcome shown (verify-hand-over.ts).
 */
import type { DocumentOutcome } from '@/features/verifier/api/verify-receipt';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { delay } from '@/lib/delay';
import type { Island } from '@/public-start';
import { handOverVerifyOutcome } from './verify-hand-over';
import { loadingCard } from './verify-island-view';
import { checkReceiptInIsland } from './verify-receipt-island-answer';
import { prerenderedReceiptPage, receiptPage, receiptView } from './verify-receipt-island-view';

/**
 * Shows the consent receipt `receiptId` in `main` (the site frame's <main>): the receipt page
 * (receipt-page.tsx) with 'Loading...' for SPEC 9's second, then the receipt and its verdict in
 * the loading card's place. The server sends a receipt's id the receipt page's own prerendered
 * frame (title, lead and loading card in the HTML, painted before any script), so the island
 * only fills the verdict's place; a frame holding another page (the credential page's, from an
 * older server or build) is replaced by the receipt page in one task (no empty frame painted).
 * @returns the island; its `unmount` stops it and hands the outcome shown, if any, to the app.
 */
export function mountReceiptIsland(main: HTMLElement, receiptId: string): Island {
  let loading = prerenderedReceiptPage(main)?.loading;
  if (!loading) {
    const drawn = receiptPage();
    main.replaceChildren(drawn.page);
    loading = drawn.loading;
  }
  let live = true;
  let shown: DocumentOutcome | null = null;
  let placed: Element = loading;
  const place = (node: Element) => {
    placed.replaceWith(node);
    placed = node;
  };
  const run = async () => {
    shown = null;
    const [outcome] = await Promise.all([checkReceiptInIsland(receiptId), delay(VERIFY_DELAY_MS)]);
    if (!live) return;
    shown = outcome;
    place(
      receiptView(outcome, () => {
        place(loadingCard());
        void run();
      }),
    );
  };
  void run();
  return {
    element: main,
    unmount() {
      live = false;
      if (shown) handOverVerifyOutcome(receiptId, { page: 'receipt', outcome: shown });
    },
  };
}
