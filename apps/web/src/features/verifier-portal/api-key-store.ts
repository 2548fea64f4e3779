/**
 * The verifier portal's API key, kept in sessionStorage only (this tab, until it closes): never
 * localStorage, so a shared computer does not keep an organisation's key. This module is the
 * only reader and writer of its storage key (STYLE 14).
 */

const API_KEY_STORAGE_KEY = 'pehchaan.verifierApiKey';

/**
 * What the form accepts before asking the server: 'pvk_' and no spaces. The server alone decides
 * whether a key is valid (its API_KEY_PATTERN and the stored hashes).
 */
export const API_KEY_SHAPE = /^pvk_\S+$/;

/** The key's public prefix ('pvk_' + 8 hex), which names it in caches and logs. */
export function apiKeyPrefix(apiKey: string): string {
  return apiKey.slice(0, 12);
}

/** The kept key, or null (none, or storage unavailable). */
export function readApiKey(): string | null {
  try {
    return sessionStorage.getItem(API_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps `apiKey` for this tab; false when storage refused it (the portal then works in memory). */
export function keepApiKey(apiKey: string): boolean {
  try {
    sessionStorage.setItem(API_KEY_STORAGE_KEY, apiKey);
    return true;
  } catch {
    return false;
  }
}

/** Forgets the kept key (Sign out, or a key the server no longer accepts). */
export function forgetApiKey(): void {
  try {
    sessionStorage.removeItem(API_KEY_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}
