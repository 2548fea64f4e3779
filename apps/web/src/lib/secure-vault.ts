/**
 * Encrypted browser storage (docs/security.md "The browser cache") behind the synchronous API of
 * lib/storage.ts.
 *
 * The values of the encrypted keys live decrypted in a memory map for this tab; localStorage
 * holds only envelopes (lib/secure-crypto.ts: AES-256-GCM, a fresh 96-bit IV per write, bound to
 * the key name) under one non-extractable key kept in IndexedDB (lib/secure-key-store.ts).
 *
 * - `open(names)` must finish before the app reads these keys (lib/auth.tsx waits for it): it
 *   loads the key and decrypts every stored envelope into memory. An envelope that does not open
 *   (key lost or deleted, tampered, sealed for another name) is removed and treated as absent.
 *   A value in the plaintext format of earlier versions is taken into memory and replaced by an
 *   envelope. Never rejects; calling it again answers the first call's promise.
 * - `get`/`set`/`remove` are synchronous and work on memory. `set` queues the encryption; writes
 *   land in order and the last write wins (a value changed again while it was being encrypted is
 *   not written; its newer version follows). `remove` deletes the stored envelope at once.
 * - `flush()` resolves once every queued write has landed (tests, callers that need it).
 * - `wipe(names)` removes the names from memory and localStorage and deletes the key from
 *   IndexedDB; the next write creates a new key. Logout uses it.
 * - Another tab's changes (`storage` events) are decrypted into memory, then announced to this
 *   tab's own `storage` listeners by a second, synthetic `storage` event for the same key.
 *
 * Without IndexedDB or WebCrypto (an http:// origin other than localhost, some private modes), or
 * when the browser refuses them, the vault runs in 'memory' mode: values are kept for this tab
 * only and never written to localStorage in plaintext, so a reload signs the holder out.
 */
import {
  generateStorageKey,
  hasWebCrypto,
  isEnvelope,
  openValue,
  sealValue,
} from './secure-crypto';
import {
  deleteStorageKey,
  hasIndexedDb,
  KEY_STORE,
  loadOrStoreStorageKey,
  loadStorageKey,
} from './secure-key-store';

/**
 * 'pending' until `open` finished; then 'encrypted' (envelopes in localStorage) or 'memory'
 * (values only in this tab's memory).
 */
export type VaultMode = 'pending' | 'encrypted' | 'memory';

/** The vault's operations used by lib/storage.ts (see the module docs). */
export interface SecureVault {
  open(names: readonly string[]): Promise<void>;
  get(name: string): string | null;
  /** @returns true: the value is kept (in memory at once, on disk once its encryption landed). */
  set(name: string, value: string): boolean;
  remove(name: string): void;
  flush(): Promise<void>;
  wipe(names: readonly string[]): Promise<void>;
}

export interface SecureVaultOptions {
  /** The IndexedDB database of the key (tests use their own). Default KEY_STORE.database. */
  database?: string;
  /** The Storage holding the envelopes. Default `window.localStorage`, null when refused. */
  storage?: () => Storage | null;
}

/** The User Timing measure of `open`, for performance checks (e2e/tests/secure-storage.spec.ts). */
export const OPEN_MEASURE = 'pehchaan:secure-storage-open';

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Creates a vault; the app has one (lib/secure-storage.ts), tests make their own. */
export function createSecureVault(
  options: SecureVaultOptions = {},
): SecureVault & { mode(): VaultMode } {
  const database = options.database ?? KEY_STORE.database;
  const storage = options.storage ?? defaultStorage;

  let mode: VaultMode = 'pending';
  /** The last key loaded or created, for opening envelopes; null before one exists. */
  let key: CryptoKey | null = null;
  /** False when another tab may have changed the stored key since `key` was loaded. */
  let keyChecked = false;
  const memory = new Map<string, string>();
  /** Bumped by every change of a name, so slower work about an older value is dropped. */
  const versions = new Map<string, number>();
  /** Names set or removed in this tab: `open` never overwrites them with what is stored. */
  const touched = new Set<string>();
  /** Names whose memory value still has to be encrypted and written. */
  const dirty = new Set<string>();
  const watched = new Set<string>();
  /** Synthetic `storage` events this vault dispatched (its own listener skips them). */
  const announced = new WeakSet<Event>();
  let opening: Promise<void> | null = null;
  /** Every write and key operation runs on this chain, in order. */
  let chain: Promise<void> = Promise.resolve();
  let persistQueued = false;

  const bump = (name: string) => versions.set(name, (versions.get(name) ?? 0) + 1);

  function readStored(name: string): string | null {
    try {
      return storage()?.getItem(name) ?? null;
    } catch {
      return null;
    }
  }

  function removeStored(name: string): void {
    try {
      storage()?.removeItem(name);
    } catch {
      // Storage unavailable: nothing stored to remove.
    }
  }

  function enqueue(task: () => Promise<void>): Promise<void> {
    chain = chain.then(task).catch(() => {
      // A failed task (IndexedDB refused mid-session) must not stop the ones after it.
    });
    return chain;
  }

  /**
   * The key to seal with: the one in memory while no other tab has changed anything; else the
   * one in IndexedDB (another tab may have deleted it at logout or made a new one), created when
   * there is none.
   */
  async function currentKey(): Promise<CryptoKey> {
    if (key && keyChecked) return key;
    const stored = await loadStorageKey(database);
    key = stored ?? (await loadOrStoreStorageKey(await generateStorageKey(), database));
    keyChecked = true;
    return key;
  }

  async function persistDirty(): Promise<void> {
    persistQueued = false;
    if (mode !== 'encrypted' || dirty.size === 0) return;
    const batch = [...dirty];
    dirty.clear();
    let sealKey: CryptoKey;
    try {
      sealKey = await currentKey();
    } catch {
      // IndexedDB refused: keep the values for this tab only, never in plaintext.
      mode = 'memory';
      for (const name of batch) removeStored(name);
      return;
    }
    for (const name of batch) {
      const value = memory.get(name);
      if (value === undefined) continue;
      const version = versions.get(name);
      let sealed: string;
      try {
        sealed = await sealValue(sealKey, name, value);
      } catch {
        // An unusable key: the value stays in memory for this tab, never in plaintext.
        continue;
      }
      // Changed or removed meanwhile: a later write (or the removal) has the last word.
      if (versions.get(name) !== version || mode !== 'encrypted') continue;
      try {
        storage()?.setItem(name, sealed);
      } catch {
        // Quota or refused storage: the value stays in memory for this tab.
      }
    }
  }

  function schedulePersist(): void {
    if (persistQueued || mode !== 'encrypted') return;
    persistQueued = true;
    void enqueue(persistDirty);
  }

  function announce(name: string | null): void {
    if (typeof StorageEvent === 'undefined') return;
    const event = new StorageEvent('storage', { key: name });
    announced.add(event);
    window.dispatchEvent(event);
  }

  async function applyRemoteValue(name: string, stored: string): Promise<void> {
    const version = versions.get(name);
    let plaintext = key ? await openValue(key, name, stored) : null;
    if (plaintext === null) {
      // Another tab may have created a new key (after a logout there).
      const fresh = await loadStorageKey(database).catch(() => null);
      plaintext = fresh ? await openValue(fresh, name, stored) : null;
      if (plaintext !== null) {
        key = fresh;
        keyChecked = true;
      }
    }
    if (plaintext === null || versions.get(name) !== version) return;
    memory.set(name, plaintext);
    bump(name);
    announce(name);
  }

  function onStorage(event: StorageEvent): void {
    if (announced.has(event) || event.storageArea !== storage()) return;
    keyChecked = false;
    if (event.key === null) {
      // localStorage.clear() in another tab.
      for (const name of watched) {
        memory.delete(name);
        dirty.delete(name);
        bump(name);
      }
      announce(null);
      return;
    }
    const name = event.key;
    if (!watched.has(name)) return;
    if (event.newValue === null) {
      memory.delete(name);
      dirty.delete(name);
      bump(name);
      announce(name);
      return;
    }
    void applyRemoteValue(name, event.newValue);
  }

  /** Takes a plaintext value of an earlier version into memory and off the disk. */
  function adoptLegacy(name: string, stored: string): void {
    removeStored(name);
    if (touched.has(name)) return;
    memory.set(name, stored);
    dirty.add(name);
  }

  async function loadStored(name: string): Promise<void> {
    if (touched.has(name)) return;
    const stored = readStored(name);
    if (stored === null) return;
    if (!isEnvelope(stored)) {
      adoptLegacy(name, stored);
      return;
    }
    const plaintext = key ? await openValue(key, name, stored) : null;
    if (touched.has(name)) return;
    if (plaintext === null) {
      // Key lost or deleted, or the envelope was altered: treat as absent.
      if (readStored(name) === stored) removeStored(name);
      return;
    }
    memory.set(name, plaintext);
  }

  async function doOpen(names: readonly string[]): Promise<void> {
    for (const name of names) watched.add(name);
    const usable = storage() !== null && hasIndexedDb() && hasWebCrypto();
    if (usable) {
      try {
        key = await loadStorageKey(database);
        keyChecked = true;
        mode = 'encrypted';
      } catch {
        mode = 'memory';
      }
    } else {
      mode = 'memory';
    }
    if (mode === 'memory') {
      // Envelopes stay (a later visit with IndexedDB can still open them); plaintext goes.
      for (const name of names) {
        const stored = touched.has(name) ? null : readStored(name);
        if (stored !== null && !isEnvelope(stored)) adoptLegacy(name, stored);
      }
      dirty.clear();
      return;
    }
    await Promise.all(names.map(loadStored));
    if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    schedulePersist();
  }

  function remove(name: string): void {
    memory.delete(name);
    bump(name);
    touched.add(name);
    dirty.delete(name);
    removeStored(name);
  }

  function measure(start: number): void {
    try {
      performance.measure(OPEN_MEASURE, { start, end: performance.now() });
    } catch {
      // User Timing unavailable: the measure is only informative.
    }
  }

  return {
    mode: () => mode,

    open(names) {
      if (!opening) {
        const start = typeof performance === 'undefined' ? 0 : performance.now();
        opening = doOpen(names)
          .catch(() => {
            mode = 'memory';
          })
          .finally(() => measure(start));
      }
      return opening;
    },

    get(name) {
      return memory.get(name) ?? null;
    },

    set(name, value) {
      memory.set(name, value);
      bump(name);
      touched.add(name);
      if (mode === 'memory') {
        // A stale envelope must not outlive the newer value that exists only in memory.
        removeStored(name);
      } else {
        dirty.add(name);
        schedulePersist();
      }
      return true;
    },

    remove,

    async flush() {
      let current: Promise<void>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },

    wipe(names) {
      for (const name of names) remove(name);
      key = null;
      keyChecked = false;
      return enqueue(async () => {
        if (!hasIndexedDb()) return;
        try {
          await deleteStorageKey(database);
        } catch {
          // IndexedDB refused: there is no key stored to delete either.
        }
      });
    },
  };
}
