/**
 * lib/storage.ts routes the session keys through the encrypted vault (docs/security.md) and keeps
 * only the display preferences in plain localStorage. (In the unit tests the vault is the plaintext
 * stand-in of src/testing/setup.ts; lib/secure-vault.test.ts tests the real one.)
 */
import { describe, expect, it, vi } from 'vitest';
import { sessionVault } from './secure-storage';
import {
  clearSessionStorage,
  ENCRYPTED_KEYS,
  isEncryptedKey,
  readString,
  removeKeys,
  SESSION_KEYS,
  STORAGE_KEYS,
  stampUserRecordsSeen,
  writeString,
} from './storage';

describe('browser storage keys', () => {
  it('encrypts every session key, the token included, and only those', () => {
    expect([...ENCRYPTED_KEYS].sort()).toEqual([...SESSION_KEYS].sort());
    expect(ENCRYPTED_KEYS).toContain(STORAGE_KEYS.sessionToken);
    expect(ENCRYPTED_KEYS).toContain(STORAGE_KEYS.outbox);
    const plain = Object.values(STORAGE_KEYS).filter((key) => !isEncryptedKey(key));
    expect(plain.sort()).toEqual([
      'deviceId',
      'language',
      'lastActivity',
      'theme',
      'unlockPasskeys',
    ]);
  });

  it('sends the session keys to the vault and the preferences to localStorage', () => {
    const set = vi.spyOn(sessionVault, 'set');
    const get = vi.spyOn(sessionVault, 'get');
    const remove = vi.spyOn(sessionVault, 'remove');
    writeString(STORAGE_KEYS.credentials, '[]');
    writeString(STORAGE_KEYS.theme, 'dark');
    expect(set).toHaveBeenCalledExactlyOnceWith('credentials', '[]');
    expect(readString(STORAGE_KEYS.credentials)).toBe('[]');
    expect(get).toHaveBeenCalledExactlyOnceWith('credentials');
    expect(readString(STORAGE_KEYS.theme)).toBe('dark');
    removeKeys(STORAGE_KEYS.credentials, STORAGE_KEYS.theme);
    expect(remove).toHaveBeenCalledExactlyOnceWith('credentials');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('logout wipes every session key and the vault key', async () => {
    const wipe = vi.spyOn(sessionVault, 'wipe');
    await clearSessionStorage();
    expect(wipe).toHaveBeenCalledExactlyOnceWith(SESSION_KEYS);
  });
});

describe('stampUserRecordsSeen', () => {
  it("stamps only the holder's records, keeping other holders, fields and unparsable items", () => {
    const stored = [
      { id: 'a', userId: 'user-001', name: 'A', last_viewed: null },
      { id: 'b', userId: 'user-009', last_viewed: null },
      'not a record',
    ];
    localStorage.setItem(STORAGE_KEYS.credentials, JSON.stringify(stored));
    expect(stampUserRecordsSeen(STORAGE_KEYS.credentials, 'user-001', '2026-11-25T10:00:00Z')).toBe(
      true,
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.credentials) ?? '')).toEqual([
      { id: 'a', userId: 'user-001', name: 'A', last_viewed: '2026-11-25T10:00:00Z' },
      { id: 'b', userId: 'user-009', last_viewed: null },
      'not a record',
    ]);
  });

  it('writes nothing when the holder has no record there', () => {
    const set = vi.spyOn(sessionVault, 'set');
    localStorage.setItem(STORAGE_KEYS.consentRequests, JSON.stringify([{ userId: 'user-009' }]));
    expect(stampUserRecordsSeen(STORAGE_KEYS.consentRequests, 'user-001', 'x')).toBe(true);
    expect(set).not.toHaveBeenCalled();
  });
});
