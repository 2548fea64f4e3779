/** src/lib/vault.ts, master-key.ts and the PGlite data-folder lock (DECISIONS 4 and 5). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { hashSessionToken, newCredentialId, newSessionToken } from '../src/lib/ids';
import { loadMasterKey } from '../src/lib/master-key';
import { createVault } from '../src/lib/vault';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pehchaan-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('vault', () => {
  const vault = createVault(randomBytes(32));

  it('round-trips AES-256-GCM ciphertext with fresh IVs', () => {
    const a = vault.encrypt('234567890125', 'aadhaar:user-001');
    const b = vault.encrypt('234567890125', 'aadhaar:user-001');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(vault.decrypt(a, 'aadhaar:user-001')).toBe('234567890125');
  });

  it('refuses another row, another key or a changed byte', () => {
    const token = vault.encrypt('234567890125', 'aadhaar:user-001');
    expect(() => vault.decrypt(token, 'aadhaar:user-002')).toThrow();
    expect(() => createVault(randomBytes(32)).decrypt(token, 'aadhaar:user-001')).toThrow();
    const bytes = Buffer.from(token.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => vault.decrypt(`v1.${bytes.toString('base64url')}`, 'aadhaar:user-001')).toThrow();
    expect(() => vault.decrypt('garbage', 'x')).toThrow();
  });

  it('gives stable, key-dependent lookup hashes', () => {
    expect(vault.lookupHmac('234567890125')).toBe(vault.lookupHmac('234567890125'));
    expect(vault.lookupHmac('234567890125')).toMatch(/^[0-9a-f]{64}$/);
    expect(createVault(randomBytes(32)).lookupHmac('234567890125')).not.toBe(
      vault.lookupHmac('234567890125'),
    );
    expect(vault.otpHmac('otp-1', '123456')).not.toBe(vault.otpHmac('otp-2', '123456'));
  });

  it('rejects a master key that is not 32 bytes', () => {
    expect(() => createVault(randomBytes(16))).toThrow(RangeError);
  });
});

describe('ids', () => {
  it('makes 128-bit credential ids and 256-bit tokens, stored as SHA-256', () => {
    expect(newCredentialId()).toMatch(/^cred-[0-9a-f]{32}$/);
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).not.toContain(token);
  });
});

describe('loadMasterKey', () => {
  it('prefers MASTER_KEY', () => {
    const key = randomBytes(32);
    expect(loadMasterKey({ masterKey: key, dataDir: tempDir() })).toEqual({ key, source: 'env' });
  });

  it('creates DATA_DIR/master.key with mode 0600 once, then reuses it', () => {
    const dataDir = tempDir();
    const created = loadMasterKey({ masterKey: undefined, dataDir });
    expect(created.source).toBe('created');
    expect(created.key).toHaveLength(32);
    const path = join(dataDir, 'master.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe(created.key.toString('hex'));
    const again = loadMasterKey({ masterKey: undefined, dataDir });
    expect(again.source).toBe('file');
    expect(again.key.equals(created.key)).toBe(true);
  });

  it('refuses a damaged key file', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'master.key'), 'not a key');
    expect(() => loadMasterKey({ masterKey: undefined, dataDir })).toThrow(/64 hexadecimal/);
  });

  it('uses a throwaway key for an in-memory database', () => {
    expect(loadMasterKey({ masterKey: undefined, dataDir: 'memory://' }).source).toBe('ephemeral');
  });
});

describe('lockDataDir', () => {
  it('lets one holder in at a time and releases', () => {
    const lock = join(tempDir(), 'pglite.lock');
    writeFileSync(lock, `${process.ppid}\n`); // a live process other than this one
    expect(() => lockDataDir(lock)).toThrow(DataDirLockedError);
    rmSync(lock);
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
    release();
    lockDataDir(lock)();
  });

  it('takes over a stale lock', () => {
    const lock = join(tempDir(), 'pglite.lock');
    writeFileSync(lock, '999999999\n');
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
