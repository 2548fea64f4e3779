/**
 * Unit tests only (src/testing/setup.ts puts it in place of lib/secure-storage.ts): a stand-in for
 * the encrypted vault that keeps the session keys in jsdom's localStorage as plaintext, read and
 * written synchronously, as the app stored them before its browser storage was encrypted. The
 * feature tests can then seed and inspect `localStorage` directly. The real vault is tested in
 * lib/secure-vault.test.ts (with fake-indexeddb) and in the browser by
 * e2e/tests/secure-storage.spec.ts; this module is never part of the app's build.
 */
import type { SecureVault } from '@/lib/secure-vault';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createPlainVault(): SecureVault {
  const remove = (name: string) => store()?.removeItem(name);
  return {
    open: async () => {},
    get: (name) => store()?.getItem(name) ?? null,
    set(name, value) {
      try {
        store()?.setItem(name, value);
        return true;
      } catch {
        return false;
      }
    },
    remove,
    flush: async () => {},
    wipe: async (names) => {
      for (const name of names) remove(name);
    },
  };
}
