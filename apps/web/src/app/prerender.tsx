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
 * Frames of the public pages with a parameter: each is rendered once, for a placeholder value,
 * into `file`, and the server sends that file for every value (apps/server/src/plugins/static.ts:
 * `/<dir>/<value>` gets `<dir>/_frame.html`). Such a page renders nothing that depends on the
 * value until it is hydrated (lib/use-hydrated.ts), so the frame is right for any value.
 * `island`: the module that hydrates part of the frame before the app starts (ADR 0010); the
 * frame's loader fetches its chunks with the entry.
 */
export const PRERENDERED_FRAMES: readonly { path: string; file: string; island?: string }[] = [
  {
    path: paths.verify.getHref('_'),
    file: 'verify/_frame.html',
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
