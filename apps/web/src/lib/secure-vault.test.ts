/**
 * The real encrypted vault (docs/security.md "The browser cache") in jsdom with fake-indexeddb and
 * Node's WebCrypto. Each test gets a fresh IndexedDB; a second `createSecureVault()` over the same
 * IndexedDB and localStorage plays the page after a reload (or another tab).
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isEnvelope, openValue } from './secure-crypto';
import { KEY_STORE, loadStorageKey } from './secure-key-store';
import { createSecureVault } from './secure-vault';

const NAMES = ['credentials', 'userData', 'sessionToken'] as const;
const SECRET = JSON.stringify([{ name: 'Priya Venkataraman', aadhaar: '345678901238' }]);

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

async function openVault() {
  const vault = createSecureVault();
  await vault.open(NAMES);
  return vault;
}

function envelopeOf(name: string): { v: number; iv: string; ct: string } {
  const raw = localStorage.getItem(name);
  expect(raw).not.toBeNull();
  return JSON.parse(raw ?? '');
}

describe('the encrypted vault', () => {
  it('writes only AES-GCM envelopes, with a fresh IV for every write', async () => {
    const vault = await openVault();
    expect(vault.mode()).toBe('encrypted');
    vault.set('credentials', SECRET);
    expect(vault.get('credentials')).toBe(SECRET);
    await vault.flush();
    const first = envelopeOf('credentials');
    expect(Object.keys(first).sort()).toEqual(['ct', 'iv', 'v']);
    expect(first.v).toBe(1);
    expect(atob(first.iv)).toHaveLength(12);
    const raw = localStorage.getItem('credentials') ?? '';
    expect(raw).not.toContain('Priya');
    expect(raw).not.toContain('345678901238');

    vault.set('credentials', SECRET);
    await vault.flush();
    const second = envelopeOf('credentials');
    expect(second.iv).not.toBe(first.iv);
    expect(second.ct).not.toBe(first.ct);
  });

  it('keeps its key in IndexedDB, non-extractable', async () => {
    const vault = await openVault();
    vault.set('sessionToken', 'tok-secret');
    await vault.flush();
    const key = await loadStorageKey();
    expect(key).not.toBeNull();
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm).toEqual({ name: 'AES-GCM', length: 256 });
    expect([...(key?.usages ?? [])].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow();
    expect(localStorage.getItem('sessionToken')).not.toContain('tok-secret');
  });

  it('decrypts what an earlier page wrote (a reload)', async () => {
    const before = await openVault();
    before.set('credentials', SECRET);
    before.set('sessionToken', 'tok-secret');
    await before.flush();

    const after = createSecureVault();
    expect(after.get('credentials')).toBeNull();
    await after.open(NAMES);
    expect(after.get('credentials')).toBe(SECRET);
    expect(after.get('sessionToken')).toBe('tok-secret');
    expect(after.get('userData')).toBeNull();
  });

  it('lands writes in order: the last write wins', async () => {
    const vault = await openVault();
    for (const value of ['one', 'two', 'three']) vault.set('userData', value);
    await vault.flush();
    vault.set('userData', 'four');
    vault.set('userData', 'five');
    await vault.flush();
    const reloaded = await openVault();
    expect(reloaded.get('userData')).toBe('five');
  });

  it('drops a tampered envelope, and one moved to another key name', async () => {
    const writer = await openVault();
    writer.set('credentials', SECRET);
    writer.set('userData', '{"id":"user-002"}');
    await writer.flush();
    const { v, iv, ct } = envelopeOf('credentials');
    const flipped = `${ct.slice(0, 4)}${ct[4] === 'A' ? 'B' : 'A'}${ct.slice(5)}`;
    localStorage.setItem('credentials', JSON.stringify({ v, iv, ct: flipped }));
    // A valid envelope of userData placed under sessionToken: the key name is authenticated.
    localStorage.setItem('sessionToken', localStorage.getItem('userData') ?? '');

    const reader = await openVault();
    expect(reader.get('credentials')).toBeNull();
    expect(reader.get('sessionToken')).toBeNull();
    expect(reader.get('userData')).toBe('{"id":"user-002"}');
    expect(localStorage.getItem('credentials')).toBeNull();
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });

  it('drops envelopes whose key is gone, without throwing', async () => {
    const writer = await openVault();
    writer.set('credentials', SECRET);
    await writer.flush();
    vi.stubGlobal('indexedDB', new IDBFactory());
    const reader = await openVault();
    expect(reader.mode()).toBe('encrypted');
    expect(reader.get('credentials')).toBeNull();
    expect(localStorage.getItem('credentials')).toBeNull();
  });

  it('wipe removes the values and deletes the key; the next write makes a new key', async () => {
    const vault = await openVault();
    vault.set('credentials', SECRET);
    vault.set('sessionToken', 'tok-secret');
    await vault.flush();
    const oldKey = await loadStorageKey();
    const oldEnvelope = localStorage.getItem('credentials') ?? '';

    await vault.wipe(NAMES);
    for (const name of NAMES) {
      expect(vault.get(name)).toBeNull();
      expect(localStorage.getItem(name)).toBeNull();
    }
    expect(await loadStorageKey()).toBeNull();

    vault.set('sessionToken', 'tok-next');
    await vault.flush();
    const newKey = await loadStorageKey();
    expect(newKey).not.toBeNull();
    expect(newKey).not.toBe(oldKey);
    // What was sealed before the logout cannot be opened with the new key.
    expect(await openValue(newKey as CryptoKey, 'credentials', oldEnvelope)).toBeNull();
    expect((await openVault()).get('sessionToken')).toBe('tok-next');
  });

  it('a removal (or newer write) wins over a write still being encrypted', async () => {
    const vault = await openVault();
    const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = vi.fn();
    vi.spyOn(crypto.subtle, 'encrypt').mockImplementation(async (...args) => {
      started();
      await gate;
      return encrypt(...args);
    });
    vault.set('credentials', SECRET);
    await vi.waitFor(() => expect(started).toHaveBeenCalled());
    vault.remove('credentials');
    release();
    await vault.flush();
    expect(localStorage.getItem('credentials')).toBeNull();
  });

  it('keeps a value written before open over the stored one', async () => {
    const writer = await openVault();
    writer.set('userData', 'stored');
    await writer.flush();
    const page = createSecureVault();
    page.set('userData', 'newer');
    await page.open(NAMES);
    await page.flush();
    expect(page.get('userData')).toBe('newer');
    expect((await openVault()).get('userData')).toBe('newer');
  });

  it('encrypts plaintext left by an earlier version of the app', async () => {
    localStorage.setItem('credentials', SECRET);
    const vault = await openVault();
    expect(vault.get('credentials')).toBe(SECRET);
    await vault.flush();
    expect(isEnvelope(localStorage.getItem('credentials') ?? '')).toBe(true);
    expect((await openVault()).get('credentials')).toBe(SECRET);
  });

  it('takes another tab’s write into memory and tells this tab’s listeners', async () => {
    const here = await openVault();
    const there = await openVault();
    there.set('credentials', SECRET);
    await there.flush();
    const heard: (string | null)[] = [];
    const listener = (event: StorageEvent) => heard.push(event.key);
    window.addEventListener('storage', listener);
    try {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'credentials',
          newValue: localStorage.getItem('credentials'),
          storageArea: localStorage,
        }),
      );
      await vi.waitFor(() => expect(here.get('credentials')).toBe(SECRET));
      // The browser's event, then the vault's own once the value is decrypted.
      expect(heard.filter((key) => key === 'credentials').length).toBeGreaterThanOrEqual(2);

      there.remove('credentials');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'credentials',
          newValue: null,
          storageArea: localStorage,
        }),
      );
      expect(here.get('credentials')).toBeNull();
    } finally {
      window.removeEventListener('storage', listener);
    }
  });

  it('follows a logout and a new sign-in in another tab (new key)', async () => {
    const here = await openVault();
    here.set('userData', 'first');
    await here.flush();
    const there = await openVault();
    const event = (key: string) =>
      new StorageEvent('storage', {
        key,
        newValue: localStorage.getItem(key),
        storageArea: localStorage,
      });

    // There: logout (key deleted) and a new sign-in (new key).
    await there.wipe(NAMES);
    there.set('sessionToken', 'tok-next');
    await there.flush();
    window.dispatchEvent(event('userData'));
    expect(here.get('userData')).toBeNull();

    // Here, a write now uses the new key, so a reload reads both tabs' values.
    here.set('credentials', SECRET);
    await here.flush();
    const reloaded = await openVault();
    expect(reloaded.get('credentials')).toBe(SECRET);
    expect(reloaded.get('sessionToken')).toBe('tok-next');

    // And a value sealed there under the new key is decrypted here.
    window.dispatchEvent(event('sessionToken'));
    await vi.waitFor(() => expect(here.get('sessionToken')).toBe('tok-next'));
  });

  it('keeps values in memory only when IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    localStorage.setItem('userData', '{"id":"user-002"}');
    const vault = await openVault();
    expect(vault.mode()).toBe('memory');
    // Plaintext of an earlier version is taken into memory and off the disk.
    expect(vault.get('userData')).toBe('{"id":"user-002"}');
    expect(localStorage.getItem('userData')).toBeNull();
    vault.set('credentials', SECRET);
    await vault.flush();
    expect(vault.get('credentials')).toBe(SECRET);
    expect(localStorage.getItem('credentials')).toBeNull();
    await vault.wipe(NAMES);
    expect(vault.get('credentials')).toBeNull();
  });

  it('uses the IndexedDB names the e2e test looks for', () => {
    expect(KEY_STORE).toEqual({
      database: 'pehchaan-secure-storage',
      store: 'keys',
      record: 'storage-key',
    });
  });
});
