import { expect, type Page } from '@playwright/test';

/**
 * The app's encrypted browser storage (docs/security.md, apps/web/src/lib/secure-vault.ts), read
 * from the test: localStorage holds `{"v":1,"iv","ct"}` envelopes (AES-256-GCM, additional data
 * `pehchaan-storage:v1:<key name>`) under a non-extractable key in IndexedDB (KEY_STORE). Like
 * any script running in the page, the test cannot export the key but can use it to decrypt: that
 * is what the encryption does not protect against, and what these helpers rely on.
 *
 * The helpers never create the database (opening a missing one would create it without its
 * object store and leave the app unable to keep a key).
 */

/** IndexedDB names of lib/secure-key-store.ts. */
export const KEY_STORE = {
  database: 'pehchaan-secure-storage',
  store: 'keys',
  record: 'storage-key',
} as const;

/**
 * The decrypted value of the encrypted localStorage key `name`, or null when absent or when it
 * does not decrypt.
 */
export function readStored(page: Page, name: string): Promise<string | null> {
  return page.evaluate(
    async ({ name, keyStore }) => {
      const raw = localStorage.getItem(name);
      if (raw === null) return null;
      const databases = await indexedDB.databases();
      if (!databases.some((d) => d.name === keyStore.database)) return null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(keyStore.database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(keyStore.store)) return null;
        const key = await new Promise<unknown>((resolve, reject) => {
          const request = db
            .transaction(keyStore.store)
            .objectStore(keyStore.store)
            .get(keyStore.record);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (!(key instanceof CryptoKey)) return null;
        const envelope = JSON.parse(raw) as { iv: string; ct: string };
        const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const plaintext = await crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: bytes(envelope.iv),
            additionalData: new TextEncoder().encode(`pehchaan-storage:v1:${name}`),
          },
          key,
          bytes(envelope.ct),
        );
        return new TextDecoder().decode(plaintext);
      } catch {
        return null;
      } finally {
        db.close();
      }
    },
    { name, keyStore: KEY_STORE },
  );
}

/** The decrypted JSON under `name` (null when absent). */
export async function readStoredJson<T = unknown>(page: Page, name: string): Promise<T | null> {
  const text = await readStored(page, name);
  return text === null ? null : (JSON.parse(text) as T);
}

/** The signed-in page's session token, waiting until its encrypted copy has been written. */
export async function storedSessionToken(page: Page): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(async () => {
      token = await readStored(page, 'sessionToken');
      return token;
    })
    .toBeTruthy();
  return token ?? '';
}

/** True when IndexedDB still holds the storage key. */
export function hasStorageKey(page: Page): Promise<boolean> {
  return page.evaluate(async (keyStore) => {
    const databases = await indexedDB.databases();
    if (!databases.some((d) => d.name === keyStore.database)) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(keyStore.database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains(keyStore.store)) return false;
      const key = await new Promise<unknown>((resolve, reject) => {
        const request = db
          .transaction(keyStore.store)
          .objectStore(keyStore.store)
          .get(keyStore.record);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return key !== undefined;
    } finally {
      db.close();
    }
  }, KEY_STORE);
}
