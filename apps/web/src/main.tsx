/**
 * Browser entry (ADR 0005, ADR 0010). This chunk stays small: everything else is a dynamic
 * import.
 *
 * - The shell (spa.html: the signed-in screens, the demos, any path without prerendered HTML)
 *   starts the app at once (src/start-app.tsx).
 * - A prerendered public page (#root already holds the page) is run by src/public-start.ts, which
 *   starts the app only when it is needed, and on /verify/{id} mounts the verify island
 *   (src/app/verify-island.ts) to show the verdict.
 */
import './index.css';
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
        .then(({ loadVerifyIsland }) => loadVerifyIsland())
        .then((mount) => () => mount(main, page.credentialId));
    },
    // The dev server has no sw.js; a worker there would also serve stale modules.
    registerServiceWorker: import.meta.env.PROD
      ? (onUpdateWaiting) => {
          void import('./lib/service-worker').then((worker) => {
            worker.subscribeUpdateWaiting(() => {
              if (worker.isUpdateWaiting()) onUpdateWaiting();
            });
            return worker.registerServiceWorker();
          });
        }
      : undefined,
  });
}
