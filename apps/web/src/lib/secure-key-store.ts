/**
 * Where the encrypted browser storage keeps its key (lib/secure-vault.ts): one record in
 * IndexedDB. IndexedDB stores a CryptoKey by structured clone, which keeps it non-extractable: a
 * script can use the key through WebCrypto but never read its bytes.
 *
 * Layout: database `pehchaan-secure-storage` (version 1), object store `keys`, the key under the
 * record name `storage-key`. Each operation opens the database and closes it again, so another
 * tab is never blocked by a connection left open here.
 */

/** The IndexedDB names; the e2e test looks the key up by them. */
export const KEY_STORE = {
  database: 'pehchaan-secure-storage',
  store: 'keys',
  record: 'storage-key',
} as const;

/** True when this browser offers IndexedDB at all (it may still refuse to open it). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined' && indexedDB !== null;
}

function openDatabase(database: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(KEY_STORE.store)) {
        request.result.createObjectStore(KEY_STORE.store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

async function withStore<T>(
  database: string,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await openDatabase(database);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(KEY_STORE.store, mode);
      const request = run(tx.objectStore(KEY_STORE.store));
      let result: T;
      request.onsuccess = () => {
        result = request.result as T;
      };
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/**
 * The stored key, or null when none is stored (or the record is not a CryptoKey).
 * @throws when IndexedDB refuses (private mode of some browsers, storage disabled).
 */
export async function loadStorageKey(
  database: string = KEY_STORE.database,
): Promise<CryptoKey | null> {
  const value = await withStore<unknown>(database, 'readonly', (s) => s.get(KEY_STORE.record));
  return isCryptoKey(value) ? value : null;
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

/**
 * The stored key; when none is stored, stores `candidate` and answers it. The look-up and the
 * write are one transaction, so two tabs creating a key at once end up using the same one.
 * @throws when IndexedDB refuses.
 */
export async function loadOrStoreStorageKey(
  candidate: CryptoKey,
  database: string = KEY_STORE.database,
): Promise<CryptoKey> {
  const db = await openDatabase(database);
  try {
    return await new Promise<CryptoKey>((resolve, reject) => {
      const tx = db.transaction(KEY_STORE.store, 'readwrite');
      const store = tx.objectStore(KEY_STORE.store);
      let chosen = candidate;
      const lookup = store.get(KEY_STORE.record);
      lookup.onsuccess = () => {
        if (isCryptoKey(lookup.result)) chosen = lookup.result;
        else store.put(candidate, KEY_STORE.record);
      };
      tx.oncomplete = () => resolve(chosen);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

/**
 * Deletes the stored key (nothing sealed under it can be opened afterwards).
 * @throws when IndexedDB refuses.
 */
export async function deleteStorageKey(database: string = KEY_STORE.database): Promise<void> {
  await withStore<unknown>(database, 'readwrite', (s) => s.delete(KEY_STORE.record));
}
