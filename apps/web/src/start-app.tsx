/**
 * Starts the whole app (providers, router, screens) in `#root`: at once for the pages without
 * prerendered HTML (the shell spa.html: the signed-in screens, the demos), and for a prerendered
 * public page when src/public-start.ts decides it is needed (ADR 0010). The theme and language are
 * already on <html> (index.html's inline script).
 *
 * A prerendered page is hydrated when this browser would render exactly that HTML (English,
 * theme 'system') and nothing else renders into it; otherwise the app renders afresh. Either way
 * the matched route's module is loaded first, so no loading spinner replaces the page.
 * The encrypted session storage (lib/storage.ts, docs/security.md) starts opening here, alongside
 * the route modules' download; nothing waits for it but the session restore in lib/auth.tsx.
 *
 * Start-up runs in steps, each in its own task (docs/performance.md, "Start-up in steps"):
 * evaluating all of the app's modules at once was one long task of the main thread (about
 * 100 ms on a fast machine, 400 ms at Lighthouse's 4x slower CPU), during which a tap on the
 * painted page waited. The modules are imported in groups (React and the router; storage,
 * theme and validation; languages; the app), with a task boundary between groups, and the
 * page is hydrated as a transition, which React time-slices. On the shell, every group's files
 * are preloaded together (vite.config.ts preloadStartSteps), so the steps add no network round
 * trip; from a public page, Vite's own preloading of this module's imports fetches them.
 */
import { nextTask } from './lib/next-task';

export interface StartAppOptions {
  /** The element the app renders into (#root); its prerendered HTML, if any, is hydrated. */
  container: HTMLElement;
  /**
   * False: render afresh even over prerendered HTML that this browser could hydrate (another
   * React root lives in it: the /verify/{id} island of src/app/verify-island.ts).
   */
  hydrate?: boolean;
  /**
   * Called in the task that renders the app, just before it: the island unmounts there, so
   * nothing between its last frame and the app's first is painted.
   */
  beforeRender?: () => void;
}

/**
 * Loads the app's modules in steps and renders (or hydrates) it into `container`.
 * Resolves once the app's first render is committed and its effects have run: the page is the
 * app's from then on (src/public-start.ts replays what the visitor did meanwhile).
 * In a production build it also registers the service worker (lib/service-worker.ts, once per
 * page).
 */
export async function startApp({
  container,
  hydrate = true,
  beforeRender,
}: StartAppOptions): Promise<void> {
  const prerendered = container.hasChildNodes();

  const [{ StrictMode, startTransition }, { createRoot, hydrateRoot }, { flushSync }] =
    await Promise.all([import('react'), import('react-dom/client'), import('react-dom')]);
  await nextTask();

  // Zod's configuration first: it must apply before any schema parses.
  await import('./lib/zod-config');
  const [{ openSecureStorage }, { applyStoredTheme, readStoredTheme }] = await Promise.all([
    import('./lib/storage'),
    import('./lib/theme'),
  ]);
  applyStoredTheme();
  void openSecureStorage();
  await nextTask();

  const { i18n, languageReady } = await import('./lib/i18n');
  await nextTask();

  // A language other than English and Hindi (stored or the browser's) fetches its texts
  // alongside the app's code; for English and Hindi languageReady is already settled.
  const [{ App }, { prepareRouterForHydration }] = await Promise.all([
    import('./app'),
    import('./app/router'),
    languageReady,
  ]);
  await nextTask();

  // A prerendered page is replaced by the same page, never by the loading fallback.
  if (prerendered) {
    await prepareRouterForHydration();
    // The route modules were evaluated in this task; rendering in the next one keeps both tasks
    // short.
    await nextTask();
  }

  let committed: () => void = () => {};
  const rendered = new Promise<void>((resolve) => {
    committed = resolve;
  });
  const app = (
    <StrictMode>
      <App onRendered={committed} />
    </StrictMode>
  );

  beforeRender?.();
  // The prerendered HTML is what this browser would render (see src/app/prerender.tsx).
  if (prerendered && hydrate && i18n.language === 'en' && readStoredTheme() === 'system') {
    // Hydration as a transition is time-sliced: React yields to the browser every few
    // milliseconds instead of hydrating the whole page in one long task (TBT, docs/performance.md).
    // A tap on the page meanwhile hydrates its part first (React's selective hydration).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else if (prerendered) {
    // In the task that cleared the page (beforeRender) or over the HTML, so no empty frame is
    // ever painted between the two.
    const root = createRoot(container);
    flushSync(() => root.render(app));
  } else createRoot(container).render(app);

  // The dev server has no sw.js; a worker there would also serve stale modules.
  if (import.meta.env.PROD) {
    const { registerServiceWorker } = await import('./lib/service-worker');
    void registerServiceWorker();
  }
  await rendered;
}
