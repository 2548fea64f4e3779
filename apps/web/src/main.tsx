/**
 * Browser entry (ADR 0005, ADR 0010). This chunk stays small: everything else is a dynamic
 * import.
 *
 * - The shell (spa.html: the signed-in screens, the demos, any path without prerendered HTML)
 *   starts the app at once (src/start-app.tsx).
 * - A prerendered public page (#root already holds the page) is run by src/public-start.ts, which
 *   starts the app only when it is needed, and on /verify/{id} mounts the verify island
 *   (src/app/verify-island.ts) to show the verdict.
 * - A language's font comes with its texts (lib/i18n.ts `loadLanguage`); the language names of
 *   every list have small faces of their own in the page's stylesheet (fonts/generated/
 *   endonyms.css, written by scripts/language-fonts.ts), so no list shows boxes before the app.
 */
import './index.css';
import './fonts/generated/endonyms.css';
import { islandPageOf, startPublicPage } from './public-start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Starts the app in #root; marks #root `data-app="ready"` once it has rendered. */
async function startAppIn(
  root: HTMLElement,
  options: { hydrate: boolean; beforeRender?: () => void },
) {
  const { startApp } = await import('./start-app');
  await startApp({ container: root, ...options });
  root.dataset.app = 'ready';
}

/**
 * Runs `task` once the page has loaded and the main thread is idle (at most 2 s later): the
 * service worker's install fetches every precached file, which should not compete with what a
 * visitor of a public page came for (Workbox's advice: register after the load event).
 */
function afterLoad(task: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(task, { timeout: 2000 })
      : window.setTimeout(task, 0);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

if (!container.hasChildNodes()) {
  void startAppIn(container, { hydrate: false });
} else {
  startPublicPage({
    container,
    startApp: (options) => startAppIn(container, options),
    loadIsland: (pathname) => {
      const page = islandPageOf(pathname);
      const main = document.getElementById('main');
      if (!page || !main) return null;
      return import('./app/verify-island')
        .then(({ loadVerifyIsland }) => loadVerifyIsland(page.credentialId))
        .then((mount) => () => mount(main, page.credentialId));
    },
    // The dev server has no sw.js; a worker there would also serve stale modules.
    registerServiceWorker: import.meta.env.PROD
      ? (onUpdateWaiting) =>
          afterLoad(() => {
            void import('./lib/service-worker').then((worker) => {
              worker.subscribeUpdateWaiting(() => {
                if (worker.isUpdateWaiting()) onUpdateWaiting();
              });
              return worker.registerServiceWorker();
            });
          })
      : undefined,
  });
}
