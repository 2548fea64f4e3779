/**
 * What the /verify islands' comparison tests share (src/app/verify-island-view.test.tsx for the
 * credential page, verify-receipt-island-view.test.tsx for the consent receipt's; ADR 0010: an
 * island must put on the page what the app's page renders, so nothing changes or moves when the
 * app takes the page over): the prerendered frame's <main> in the document as the browser has
 * it, the app's page showing an outcome, and the comparison of the two.
 */
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { expect } from 'vitest';
import { renderPage } from '@/app/prerender';
import { VerifierPage, type VerifyPageOutcome } from '@/features/verifier/components/verifier-page';
import { i18n } from '@/lib/i18n';

/**
 * The `<main id="main">` of the prerendered page `path` (a /verify frame: prerender.tsx
 * PRERENDERED_FRAMES), in the document under a #root as a browser has it; `removePrerendered`
 * takes it out again.
 * @throws when the page has no <main id="main">.
 */
export async function prerenderedMain(path: string): Promise<HTMLElement> {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = await renderPage(path);
  document.body.append(root);
  const main = root.querySelector<HTMLElement>('#main');
  if (!main) throw new Error(`the prerendered ${path} has no <main id="main">`);
  return main;
}

/** Removes the page `prerenderedMain` put in the document (an afterEach). */
export function removePrerendered(): void {
  document.getElementById('root')?.remove();
}

/** A copy of `element` without comments (React's text separators), its text nodes joined. */
function comparable(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  copy.normalize();
  return copy;
}

/**
 * Expects `island` and `app` to be the same DOM (elements, attributes in any order, texts),
 * React's comment separators aside; fails with both pages' HTML when they differ.
 */
export function expectSamePage(island: Element, app: Element): void {
  const [a, b] = [comparable(island), comparable(app)];
  if (!a.isEqualNode(b)) expect(a.outerHTML).toBe(b.outerHTML);
  expect(a.isEqualNode(b)).toBe(true);
}

/**
 * The app's /verify page of `id` (verifier-page.tsx: the credential's, or a receipt's for a
 * 'receipt-…' id) in English, showing `initialOutcome` as after an island handed it over, or
 * without one in its loading state (its check then runs against the mocked fetch).
 * @returns the page's element.
 * @throws when the page rendered nothing.
 */
export function appPage(id: string, initialOutcome?: VerifyPageOutcome): HTMLElement {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <VerifierPage credentialId={id} initialOutcome={initialOutcome} />
    </I18nextProvider>,
  );
  const page = container.firstElementChild;
  if (!(page instanceof HTMLElement)) throw new Error(`the /verify page of ${id} rendered nothing`);
  return page;
}
