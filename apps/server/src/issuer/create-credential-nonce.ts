/**
 * POST /oid4vci/issuers/{slug}/nonce: the nonce endpoint (OpenID4VCI 1.0 section 7): a fresh
 * `c_nonce` (256 random bits) that a key proof must carry. Stored as its SHA-256 with its issuer
 * and expiry (C_NONCE_TTL_SECONDS); the credential endpoint consumes it, so each is single use.
 * Expired nonces are swept at most once every NONCE_SWEEP_INTERVAL_MS per database (and whenever
 * the clock went back): an expired nonce is refused by the credential endpoint whether or not it
 * was swept yet (it consumes only a nonce whose expiry is still ahead), so the sweep only keeps
 * the table small, and one sweep a few seconds covers every nonce made meanwhile.
 *
 * Input: { ...deps, issuer (from the path) }. Output: { c_nonce }. Errors: none of its own.
 */
import { hash, randomBytes } from 'node:crypto';
import type { IssuerName } from '@pehchaan/core';
import { lte } from 'drizzle-orm';
import { oid4vciNonces } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { C_NONCE_TTL_SECONDS } from './oid4vci';

/** SHA-256 (hex) of a c_nonce: the only form it is stored in. */
export const hashNonce = (nonce: string) => hash('sha256', nonce, 'hex');

/** The shortest time between two sweeps of expired nonces (ms of the app clock). */
export const NONCE_SWEEP_INTERVAL_MS = 5_000;

/** When expired nonces were last swept, per database (the app clock's epoch ms). */
const lastSweep = new WeakMap<object, number>();

export async function createCredentialNonce(
  options: Pick<ServiceDeps, 'db' | 'now'> & { issuer: IssuerName },
): Promise<{ c_nonce: string }> {
  const now = options.now();
  const nonce = randomBytes(32).toString('base64url');
  const last = lastSweep.get(options.db);
  const nowMs = now.getTime();
  if (last === undefined || nowMs - last >= NONCE_SWEEP_INTERVAL_MS || nowMs < last) {
    lastSweep.set(options.db, nowMs);
    await options.db.delete(oid4vciNonces).where(lte(oid4vciNonces.expiresAt, now));
  }
  await options.db.insert(oid4vciNonces).values({
    nonceHash: hashNonce(nonce),
    issuer: options.issuer,
    expiresAt: new Date(now.getTime() + C_NONCE_TTL_SECONDS * 1000),
  });
  return { c_nonce: nonce };
}
