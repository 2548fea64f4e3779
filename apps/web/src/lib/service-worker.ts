/**
 * The installable app's service worker (docs/adr/0007-service-worker.md): registers
 * /sw.js, the Workbox worker vite-plugin-pwa writes into the build, and tells the app when a new
 * version is waiting. The update is never applied behind the holder's back (registerType
 * 'prompt'): the waiting worker takes over only when `applyUpdate()` is called (the Reload
 * button of components/layouts/update-prompt.tsx), and the page then reloads once.
 *
 * Registration waits for the window's load event (workbox-window's default), so the worker's
 * precaching never competes with the first paint. workbox-window itself is a separate chunk,
 * fetched only then. This module loads no React: a prerendered public page registers the worker
 * before (or without) starting the app (src/public-start.ts); lib/use-update-waiting.ts is the
 * app's hook over the same state.
 */
import type { Workbox } from 'workbox-window';

/** The worker's URL at the site's root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

let workbox: Workbox | undefined;
let registration: Promise<void> | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(waiting: boolean): void {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker when the browser has them (not in jsdom or an insecure context).
 * Resolves once registered; a failed registration is logged, never thrown: the app works the
 * same without the worker, only not offline. Registers once per page: a second call answers the
 * first call's promise.
 */
export function registerServiceWorker(url: string = SERVICE_WORKER_URL): Promise<void> {
  registration ??= register(url);
  return registration;
}

async function register(url: string): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    const instance = new Workbox(url, { scope: '/' });
    // Fired for a worker that finished installing while another controls the page, also when
    // it was already waiting before this page loaded.
    instance.addEventListener('waiting', () => setUpdateWaiting(true));
    workbox = instance;
    await instance.register();
  } catch (error) {
    console.warn('[service worker] registration failed; the app works online only', error);
  }
}

/**
 * Activates the waiting worker (Workbox's SKIP_WAITING message) and reloads the page once it
 * controls it, so the page and its chunks come from the same version. Does nothing when no
 * update is waiting.
 */
export function applyUpdate(): void {
  const instance = workbox;
  if (!instance || !updateWaiting) return;
  instance.addEventListener('controlling', () => window.location.reload());
  instance.messageSkipWaiting();
}

/**
 * Calls `onChange` whenever an update starts or stops waiting (read it with `isUpdateWaiting`).
 * @returns the function that stops the calls.
 */
export function subscribeUpdateWaiting(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** True while a new version of the app is installed and waiting for the holder's Reload. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}
