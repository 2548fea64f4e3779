/**
 * What this browser knows about itself (issue 19, Settings › Security), kept in plaintext
 * localStorage across sign-outs, since none of it is personal data:
 * - `deviceId()`: a random id (128 bits, base64url) made once and sent at sign-in, so the server
 *   can tell a sign-in on a device never seen before (Login notifications). Only its keyed hash
 *   is stored there.
 * - the platform passkey a holder registered here for Biometric unlock (user id -> WebAuthn
 *   credential id): the lock screen offers Unlock only on a device that has one.
 * - when the app was last used (`markActive`, `lastActive`): the idle lock
 *   (features/lock) counts the Session timeout from it, across tabs and reloads, so reloading a
 *   locked app does not unlock it.
 * This module is the one owner of those three keys (STYLE 14).
 */
import { z } from 'zod';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from './storage';

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's device id, made on first use. */
export function deviceId(): string {
  const stored = readString(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID.test(stored)) return stored;
  const made = base64url(crypto.getRandomValues(new Uint8Array(16)));
  writeString(STORAGE_KEYS.deviceId, made);
  return made;
}

const unlockPasskeysSchema = z.record(z.string(), z.string());

/** The credential id of `userId`'s platform passkey on this device, or null. */
export function unlockPasskeyOf(userId: string): string | null {
  return readJson(STORAGE_KEYS.unlockPasskeys, unlockPasskeysSchema)?.[userId] ?? null;
}

/** Remembers (credentialId) or forgets (null) `userId`'s platform passkey on this device. */
export function setUnlockPasskey(userId: string, credentialId: string | null): void {
  const all = { ...(readJson(STORAGE_KEYS.unlockPasskeys, unlockPasskeysSchema) ?? {}) };
  if (credentialId) all[userId] = credentialId;
  else delete all[userId];
  writeJson(STORAGE_KEYS.unlockPasskeys, all);
}

/** Records a use of the app at `at` (ms since the epoch). */
export function markActive(at: number = Date.now()): void {
  writeString(STORAGE_KEYS.lastActivity, String(Math.floor(at)));
}

/** When the app was last used (ms since the epoch), or null when never recorded. */
export function lastActive(): number | null {
  const value = Number(readString(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}
