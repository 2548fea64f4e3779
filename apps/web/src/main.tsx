/**
 * Browser entry. The theme and language are already on <html> (index.html's inline script).
 * A prerendered public page (src/app/prerender.tsx) is hydrated when this browser would render
 * exactly that HTML (English, theme 'system'); otherwise the app renders afresh.
 * The encrypted session storage (lib/storage.ts, docs/security.md) starts opening here, alongside
 * the route modules' download; nothing waits for it but the session restore in lib/auth.tsx.
 * The service worker (lib/service-worker.ts) is registered in a production build only, after
 * the window's load event.
 *
 * Start-up runs in steps, each in its own task (docs/performance.md, "Start-up in steps"):
 * evaluating all of the app's modules at once was one long task of the main thread (about
 * 100 ms on a fast machine, 400 ms at Lighthouse's 4x slower CPU), during which a tap on the
 * painted page waited. The modules are imported in groups (React and the router; storage,
 * theme and validation; languages; the app), with a task boundary between groups, and the
 * page is hydrated as a transition, which React time-slices. Every group's files are
 * preloaded together at the start (vite.config.ts preloadEntrySteps), so the steps add no
 * network round trip.
 */
import './index.css';

/** Resolves in a new task, so the browser can paint and handle input between start-up steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const prerendered = container.hasChildNodes();

const [{ StrictMode, startTransition }, { createRoot, hydrateRoot }] = await Promise.all([
  import('react'),
  import('react-dom/client'),
]);
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

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** True when the prerendered HTML is what this browser would render (see prerender.tsx). */
function canHydrate(): boolean {
  return prerendered && i18n.language === 'en' && readStoredTheme() === 'system';
}

// A prerendered page is replaced by the same page, never by the loading fallback.
if (prerendered) {
  await prepareRouterForHydration();
  // The route modules were evaluated in this task; hydrating in the next one keeps both tasks
  // short.
  await nextTask();
}
if (canHydrate()) {
  // Hydration as a transition is time-sliced: React yields to the browser every few
  // milliseconds instead of hydrating the whole page in one long task (TBT, docs/performance.md).
  // A tap on the page meanwhile hydrates its part first (React's selective hydration).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else createRoot(container).render(app);

// The dev server has no sw.js; a worker there would also serve stale modules.
if (import.meta.env.PROD) {
  const { registerServiceWorker } = await import('./lib/service-worker');
  void registerServiceWorker();
}
