/**
 * Browser storage of SPEC 7 / DECISIONS 5: the offline cache and fallback of the API.
 *
 * Every access is guarded: a browser that refuses storage (private mode, quota) behaves like an
 * empty store instead of throwing.
 *
 * Encryption (docs/security.md "The browser cache"): the keys in ENCRYPTED_KEYS (every session key,
 * the session token included) are never written in plaintext. Their values live decrypted in
 * memory; localStorage holds AES-256-GCM envelopes under a non-extractable key kept in IndexedDB
 * (lib/secure-vault.ts). The API stays synchronous: `openSecureStorage()` must have finished before
 * these keys are read (lib/auth.tsx waits for it before restoring the session); a write is in
 * memory at once and encrypted to disk shortly after (`flushSecureStorage()` waits for that).
 * `theme` and `language` stay plaintext: they are display preferences, not personal data, and
 * index.html reads them before any script loads to paint the right theme and language.
 */
import type { z } from 'zod';
import { sessionVault } from './secure-storage';
import { STORAGE_KEYS, type StorageKey } from './storage-keys';

export type { StorageKey } from './storage-keys';
export { STORAGE_KEYS } from './storage-keys';

/** What logout clears (SPEC 4, DECISIONS 5); theme and language stay. All are encrypted. */
export const SESSION_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.credentials,
  STORAGE_KEYS.consentRequests,
  STORAGE_KEYS.activityLogs,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.sessionToken,
  STORAGE_KEYS.profile,
  STORAGE_KEYS.settings,
  STORAGE_KEYS.outbox,
];

/**
 * The keys kept encrypted: all of SESSION_KEYS. The session token is among them: a
 * bearer token in plaintext could be copied from the disk and replayed until it expires.
 */
export const ENCRYPTED_KEYS: readonly StorageKey[] = SESSION_KEYS;

const encrypted = new Set<string>(ENCRYPTED_KEYS);

/** True for a key whose value is kept encrypted (see ENCRYPTED_KEYS). */
export function isEncryptedKey(key: string): boolean {
  return encrypted.has(key);
}

/**
 * Loads the encryption key and decrypts the stored encrypted keys into memory; until it has
 * finished, those keys read as absent. Never rejects; every call answers the same promise.
 */
export function openSecureStorage(): Promise<void> {
  return sessionVault.open(ENCRYPTED_KEYS);
}

/** Resolves once every write of an encrypted key so far has landed in localStorage. */
export function flushSecureStorage(): Promise<void> {
  return sessionVault.flush();
}

/**
 * Logout (SPEC 4): removes every session key from memory and localStorage at once, then deletes
 * the encryption key from IndexedDB (the next sign-in creates a new one). Never rejects.
 * The 401 interceptor (lib/api-client.ts) instead removes only `sessionToken` and `userData`
 * (SPEC 8) with `removeKeys`, which also drops their envelopes at once; the key stays, so the
 * cached lists and the outbox are still readable after the holder signs in again.
 */
export function clearSessionStorage(): Promise<void> {
  return sessionVault.wipe(SESSION_KEYS);
}

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The raw string under `key`, or null when absent or storage is unavailable. */
export function readString(key: StorageKey): string | null {
  if (encrypted.has(key)) return sessionVault.get(key);
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` under `key`.
 * @returns false when the browser refused (quota, disabled storage). An encrypted key is always
 *   kept in memory for this tab (true); its encrypted copy is written to disk afterwards.
 */
export function writeString(key: StorageKey, value: string): boolean {
  if (encrypted.has(key)) return sessionVault.set(key, value);
  try {
    const s = store();
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes each key; never throws. */
export function removeKeys(...keys: StorageKey[]): void {
  for (const key of keys) {
    if (encrypted.has(key)) {
      sessionVault.remove(key);
      continue;
    }
    try {
      store()?.removeItem(key);
    } catch {
      // Storage unavailable: nothing to remove.
    }
  }
}

/**
 * The JSON under `key` parsed by `schema`, or null when absent, unparsable or not matching.
 */
export function readJson<T>(key: StorageKey, schema: z.ZodType<T>): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; false when the browser refused. */
export function writeJson(key: StorageKey, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}

/**
 * The array under `key`, keeping only the items `itemSchema` accepts (one corrupt record does not
 * hide the others). Absent or unparsable storage gives [].
 */
export function readList<T>(key: StorageKey, itemSchema: z.ZodType<T>): T[] {
  const raw = readString(key);
  if (raw === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: T[] = [];
  for (const item of parsed) {
    const result = itemSchema.safeParse(item);
    if (result.success) items.push(result.data);
  }
  return items;
}

/**
 * Replaces one holder's records in the list under `key` with `items`, keeping other holders'
 * records as they are (the raw JSON of items that do not parse is kept too).
 * @returns false when the browser refused to store.
 */
export function replaceUserRecords(
  key: StorageKey,
  userId: string,
  items: readonly { userId: string }[],
): boolean {
  let existing: unknown[] = [];
  try {
    const parsed: unknown = JSON.parse(readString(key) ?? '[]');
    if (Array.isArray(parsed)) existing = parsed;
  } catch {
    existing = [];
  }
  const others = existing.filter(
    (item) =>
      !(typeof item === 'object' && item !== null && 'userId' in item && item.userId === userId),
  );
  return writeJson(key, [...others, ...items]);
}

/**
 * The seen-state of SPEC 4 in browser storage: sets `last_viewed` = `at` (ISO 8601) on one
 * holder's records in the list under `key`. Other holders' records, every other field and items
 * that are not records stay as stored; nothing is written when the holder has no record there.
 * Only the key's owner calls it (STYLE 14: credentials, consent requests, lib/activity-store.ts).
 * @returns false when the browser refused to store.
 */
export function stampUserRecordsSeen(key: StorageKey, userId: string, at: string): boolean {
  let existing: unknown[];
  try {
    const parsed: unknown = JSON.parse(readString(key) ?? '[]');
    if (!Array.isArray(parsed)) return true;
    existing = parsed;
  } catch {
    return true;
  }
  const isHolders = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && 'userId' in item && item.userId === userId;
  if (!existing.some(isHolders)) return true;
  return writeJson(
    key,
    existing.map((item) => (isHolders(item) ? { ...item, last_viewed: at } : item)),
  );
}
