/**
 * Vitest set-up for the web project: jest-dom matchers, a matchMedia stand-in (jsdom has none),
 * plaintext session storage (below), and a clean DOM, storage, toaster and fetch after every test.
 *
 * The app keeps its session keys encrypted (lib/secure-vault.ts). Here the app's vault
 * module, lib/secure-storage.ts, is replaced by testing/plain-vault.ts, which keeps them in
 * localStorage as plaintext, so the feature tests seed and read `localStorage` as before. The
 * substitute exists only in the tests; lib/secure-vault.test.ts tests the real vault.
 * lib/delay.ts is replaced by testing/observed-delay.ts: the same delays, with the ones running
 * recorded, so a test can end them at once (testing/fake-delays.ts).
 *
 * The jsdom window is kept from file to file within a worker (testing/jsdom-kept.ts);
 * testing/fresh-window.ts, run before this module, puts it back as a new window starts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';

// SPEC 9's delays as the app has them, also recording the ones running (testing/fake-delays.ts).
vi.mock('@/lib/delay', () => import('./observed-delay'));

vi.mock('@/lib/secure-storage', async () => {
  const { createPlainVault } = await import('./plain-vault');
  return { sessionVault: createPlainVault() };
});

// The 500 ms demo delays (SPEC 9) must fit in a findBy* wait, also on a loaded 2-core CI
// machine where a lazy route's first render can take seconds: beside the chaos run a file's
// first import of the /settings route's modules kept its loading fallback for over 5 s
// (2026-12-08). A wait ends as soon as it holds, so the long limit costs a passing test nothing.
configure({ asyncUtilTimeout: 15_000 });

/** Media queries in tests: `prefers-color-scheme: dark` follows `media.prefersDark`; call the
 * `media.listeners` to announce a change. */
export const media = { prefersDark: false, listeners: new Set<() => void>() };

function matchMedia(query: string): MediaQueryList {
  const list = {
    get matches() {
      return query.includes('prefers-color-scheme: dark') ? media.prefersDark : false;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => media.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => media.listeners.delete(listener),
    addListener: (listener: () => void) => media.listeners.add(listener),
    removeListener: (listener: () => void) => media.listeners.delete(listener),
    dispatchEvent: () => true,
  };
  return list as unknown as MediaQueryList;
}

beforeEach(() => {
  window.matchMedia = matchMedia;
  // ScrollRestoration scrolls; jsdom does not implement it.
  window.scrollTo = () => {};
  media.prefersDark = false;
  media.listeners.clear();
});

afterEach(async () => {
  cleanup();
  toast.remove();
  window.localStorage.clear();
  document.documentElement.className = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
