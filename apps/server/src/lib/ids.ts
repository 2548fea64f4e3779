/**
 * Random identifiers and tokens from the CSPRNG.
 *
 * Credential ids carry 128 random bits (DECISIONS 4: the verify link is the only access
 * control, so ids must be unguessable); session tokens 256 bits (DECISIONS 3 asks for >= 128).
 */
import { hash, randomBytes } from 'node:crypto';

/** `prefix` + '-' + 2*`bytes` hex characters, e.g. newId('log') -> 'log-3f9a...'. */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}-${randomBytes(bytes).toString('hex')}`;
}

/** A credential id: 'cred-' + 32 hex characters (128 random bits). */
export function newCredentialId(): string {
  return newId('cred', 16);
}

/** A session bearer token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a session token (hex): the only form in which tokens are stored. One-shot
 * `crypto.hash` (no Hash object per call: it runs on every authenticated request).
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}
