/**
 * Browser entry (ADR 0005, ADR 0010). This chunk stays small: everything else is a dynamic
 * import.
 *
 * - The shell (spa.html: the signed-in screens, the demos, any path without prerendered HTML)
 *   starts the app at once (src/start-app.tsx).
 * - A prerendered public page (#root already holds the page) is run by src/public-start.ts, which
 *   starts the app only when it is needed, and on /verify/{id} mounts the verify island
 *   (src/app/verify-island.ts) to show the verdict.
 * - The Indic scripts' fonts are declared when the app starts, after the load event
 *   (`loadScriptFonts`).
 */
import './index.css';
import { islandPageOf, startPublicPage } from './public-start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Starts the app in #root; marks #root `data-app="ready"` once it has rendered. The Indic
 * scripts' fonts are declared with it (`loadScriptFonts`), not before.
 */
async function startAppIn(
  root: HTMLElement,
  options: { hydrate: boolean; beforeRender?: () => void },
) {
  loadScriptFonts();
  const { startApp } = await import('./start-app');
  await startApp({ container: root, ...options });
  root.dataset.app = 'ready';
}

/**
 * The product's Indic fonts (src/fonts.css, a CSS chunk of its own): not in the page's
 * stylesheet, because every page names the languages in their own scripts (the footer's
 * language list), so a system without those fonts would fetch all three (about 275 KB) before
 * the first paint, on the path of a prerendered page's LCP (docs/performance.md, 2026-11-28).
 * Declared when the app starts, after the window's load event; a browser then fetches a face
 * only for a script on screen that the system's fonts lack (unicode-range), and swaps it in.
 * Not on a public page before the app (ADR 0010): declaring the faces and swapping them in made
 * the whole page's style and layout run again, several long tasks after the first paint (the
 * Total Blocking Time of `/`, docs/performance.md 2026-12-07); until the visitor interacts, the
 * language names show in the system's fonts (phones, Windows and macOS have these scripts).
 * Runs once.
 */
let fontsDeclared = false;
function loadScriptFonts(): void {
  if (fontsDeclared) return;
  fontsDeclared = true;
  const load = () => void import('./fonts.css');
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
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
