/**
 * The account password's hash (Settings › Security, Change Password; docs/security.md):
 * scrypt (RFC 7914) from node:crypto, a memory-hard function, at N = 2^17, r = 8, p = 1 (128 MiB
 * and about a quarter second per hash: OWASP Password Storage Cheat Sheet's scrypt minimum is
 * N = 2^17, r = 8, p = 1), a 16-byte random salt and a 32-byte key.
 *
 * Stored as a PHC string: `$scrypt$ln=17,r=8,p=1$<salt base64>$<hash base64>` (the PHC string
 * format's scrypt parameters, unpadded standard base64), so a later change of parameters still
 * verifies old hashes. `verifyPassword` compares in constant time and accepts only parameters
 * within bounds, so a damaged row cannot make it allocate without limit.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** log2 of the CPU/memory cost N. */
export const SCRYPT_LOG_N = 17;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** The largest ln `verifyPassword` accepts (2^20 * 128 * 8 = 1 GiB would be too much here). */
const MAX_LOG_N = 18;

/** Memory scrypt needs for these parameters, with room (128 * N * r bytes, plus a margin). */
function maxmemFor(logN: number, r: number): number {
  return 128 * 2 ** logN * r * 2;
}

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/**
 * The PHC string of `password` under a new random salt. Runs on the libuv thread pool.
 * `logN` is for the property-based fuzzing only, which hashes thousands of times (the stored
 * string names its parameters, so verifying follows them); the product always uses the default.
 */
export async function hashPassword(password: string, logN = SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, {
    N: 2 ** logN,
    r: SCRYPT_R,
    p: SCRYPT_P,
    maxmem: maxmemFor(logN, SCRYPT_R),
  });
  return `$scrypt$ln=${logN},r=${SCRYPT_R},p=${SCRYPT_P}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * True when `password` matches the PHC string `stored`. A string that is not one of ours (or has
 * parameters out of bounds) never matches. Constant-time comparison of the derived keys.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, ln, r, p, saltText = '', hashText = ''] = match;
  const logN = Number(ln);
  const blockSize = Number(r);
  const parallel = Number(p);
  if (logN < 10 || logN > MAX_LOG_N || blockSize < 1 || blockSize > 16 || parallel !== 1) {
    return false;
  }
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length < 16) return false;
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: 2 ** logN,
    r: blockSize,
    p: parallel,
    maxmem: maxmemFor(logN, blockSize),
  });
  return timingSafeEqual(actual, expected);
}
