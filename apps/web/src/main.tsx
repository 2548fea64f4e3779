/**
 * Browser entry. The theme and language are already on <html> (index.html's inline script).
 * A prerendered public page (src/app/prerender.tsx) is hydrated when this browser would render
 * exactly that HTML (English, theme 'system'); otherwise the app renders afresh.
 * The encrypted session storage (lib/storage.ts, docs/security.md) starts opening here, alongside
 * the route modules' download; nothing waits for it but the session restore in lib/auth.tsx.
 * The service worker (lib/service-worker.ts) is registered in a production build only, after
 * the window's load event.
 */
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { prepareRouterForHydration } from './app/router';
import './index.css';
import { i18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { openSecureStorage } from './lib/storage';
import { applyStoredTheme, readStoredTheme } from './lib/theme';

applyStoredTheme();
void openSecureStorage();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** True when the prerendered HTML is what this browser would render (see prerender.tsx). */
function canHydrate(): boolean {
  return (
    container?.hasChildNodes() === true && i18n.language === 'en' && readStoredTheme() === 'system'
  );
}

const prerendered = container.hasChildNodes();
// A prerendered page is replaced by the same page, never by the loading fallback.
if (prerendered) {
  await prepareRouterForHydration();
  // The route modules were evaluated in this task; hydrating in the next one keeps both tasks
  // short, so a tap on the prerendered page is not held up by one long task (TBT).
  await new Promise((resolve) => setTimeout(resolve, 0));
}
if (prerendered && canHydrate()) {
  // Hydration as a transition is time-sliced: React yields to the browser every few
  // milliseconds instead of hydrating the whole page in one long task (TBT, docs/performance.md).
  // A tap on the page meanwhile hydrates its part first (React's selective hydration).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else createRoot(container).render(app);

// The dev server has no sw.js; a worker there would also serve stale modules.
if (import.meta.env.PROD) void registerServiceWorker();
