/**
 * Finds the 32-byte master key (DECISIONS 4): MASTER_KEY from the environment when set; else the
 * key file DATA_DIR/master.key (64 hex characters), created with mode 0600 on first start; for
 * an in-memory database (tests), a fresh random key, since nothing outlives the process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MASTER_KEY_FILE = 'master.key';

export interface MasterKeyResult {
  key: Buffer;
  /** Where it came from, for one start-up log line (never the key itself). */
  source: 'env' | 'file' | 'created' | 'ephemeral';
  /** A warning to log, e.g. a key file readable by other users. */
  warning?: string;
}

/**
 * @param options.masterKey the parsed MASTER_KEY, if set.
 * @param options.dataDir absolute DATA_DIR, or 'memory://'.
 * @throws {Error} when the key file exists but does not hold 64 hex characters.
 */
export function loadMasterKey(options: {
  masterKey: Buffer | undefined;
  dataDir: string;
}): MasterKeyResult {
  if (options.masterKey) return { key: options.masterKey, source: 'env' };
  if (options.dataDir === 'memory://') return { key: randomBytes(32), source: 'ephemeral' };

  const path = join(options.dataDir, MASTER_KEY_FILE);
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting at once never both write one.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return { key: readKeyFile(path), source: 'created' };
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const key = readKeyFile(path);
  const mode = statSync(path).mode & 0o777;
  const warning =
    mode & 0o077
      ? `${path} is readable by other users (mode ${mode.toString(8)}); run chmod 600 on it`
      : undefined;
  return warning ? { key, source: 'file', warning } : { key, source: 'file' };
}

function readKeyFile(path: string): Buffer {
  const text = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new Error(`${path} must hold 64 hexadecimal characters (a 32-byte key)`);
  }
  return Buffer.from(text, 'hex');
}
