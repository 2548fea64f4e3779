/**
 * Build-time prerendering of the public pages (ADR 0005: the landing page must show
 * before its JavaScript arrives on a slow phone). scripts/prerender.mjs loads this module through
 * Vite after `vite build` and writes each page's HTML into the build; main.tsx then hydrates it.
 *
 * The HTML is what a first-time visitor sees: English, theme 'system', signed out (the session is
 * restored in an effect, after hydration). A browser whose stored language or theme differs
 * renders afresh instead of hydrating (see `canHydrate`).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';

export { HELD_EVENT_TYPES } from '@/public-start';

import { AppProvider } from './provider';
import { createAppRoutes } from './router';

/** The public pages written as HTML at build time: the site frame's pages without parameters. */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home.getHref(),
  paths.login.path,
  paths.about.path,
  paths.contact.path,
  paths.privacy.path,
  paths.terms.path,
  paths.support.path,
  paths.help.path,
];

/**
 * The placeholder consent receipt id the receipt page's frame is rendered for: the shape of a
 * receipt id (core's `isConsentReceiptId`), so /verify renders the receipt page, and no real
 * receipt's (128 zero bits).
 */
export const RECEIPT_FRAME_ID = `receipt-${'0'.repeat(32)}`;

/**
 * Frames of the public pages with a parameter: each is rendered once, for a placeholder value,
 * into `file`, and the server sends that file for every value (apps/server/src/plugins/static.ts:
 * `/<dir>/<value>` gets `<dir>/_frame.html`, and `<dir>/_receipt_frame.html` when the value is a
 * consent receipt's id). Such a page renders nothing that depends on the value until it is
 * hydrated (lib/use-hydrated.ts), so the frame is right for any value of its kind.
 * `island`: the module that hydrates part of the frame before the app starts (ADR 0010); the
 * frame's loader fetches its chunks with the entry.
 *
 * /verify/<id> has two: the credential verifier page's, and the consent receipt page's
 * (receipt-page.tsx, whose title and lead are then in the HTML, the page's Largest Contentful
 * Paint, rather than drawn by the island after its scripts: docs/performance.md).
 */
export const PRERENDERED_FRAMES: readonly { path: string; file: string; island?: string }[] = [
  {
    path: paths.verify.getHref('_'),
    file: 'verify/_frame.html',
    island: 'src/app/verify-island.ts',
  },
  {
    path: paths.verify.getHref(RECEIPT_FRAME_ID),
    file: 'verify/_receipt_frame.html',
    island: 'src/app/verify-island.ts',
  },
];

/**
 * The HTML of `path` as the app renders it (the inside of #root).
 * @throws when the route table does not answer `path` with a page (a redirect or an error).
 */
export async function renderPage(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(createAppRoutes());
  const context = await query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(`prerendering ${path}: the router answered ${context.status}`);
  }
  if (context.errors) {
    throw new Error(`prerendering ${path}: ${JSON.stringify(context.errors)}`);
  }
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
