/**
 * POST /oid4vci/issuers/{slug}/nonce: the nonce endpoint (OpenID4VCI 1.0 section 7), and the
 * check of a c_nonce a key proof carries (section 8.2, appendix F.1: the proof's `nonce` must be
 * a c_nonce this Credential Issuer provided, so a proof cannot be replayed).
 *
 * A c_nonce is stateless until it is used: `<expiry>.<random>.<mac>`, where expiry is the
 * epoch second it stops being accepted (now + C_NONCE_TTL_SECONDS, base 36), random is 128 random
 * bits (base64url) and mac is HMAC-SHA256 under the master key (the vault's keyed hash) over
 * 'oid4vci-c-nonce:' + issuer + ':' + expiry + ':' + random. Making one writes nothing; only this
 * server can make one, for one issuer, and its expiry cannot be changed. It is single use: the
 * credential endpoint's `consumeNonce` accepts a well-formed, authentic, unexpired c_nonce of
 * its issuer and records it as used by one INSERT of its SHA-256 into `oid4vci_nonces` (primary
 * key): a second use, on any instance, finds the row and is refused. Used nonces are swept at
 * most once every NONCE_SWEEP_INTERVAL_MS per database (and whenever the clock went back), and
 * only USED_NONCE_GRACE_MS after their expiry, so instances whose clocks differ by less than
 * that, or a clock set back by less, still see every used nonce that would pass as live.
 * (The design the OpenID4VCI working group describes for large deployments: a server-provided
 * nonce the server need not store, here with the used ones stored to keep it single use.)
 *
 * Input: { vault, now, issuer (from the path) }. Output: { c_nonce }. Errors: none of its own.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IssuerName } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { C_NONCE_TTL_SECONDS } from './oid4vci';

/** SHA-256 (hex) of a c_nonce: the form a used one is stored in. */
export const hashNonce = (nonce: string) => hash('sha256', nonce, 'hex');

/** The shortest time between two sweeps of used nonces (ms of the app clock). */
export const NONCE_SWEEP_INTERVAL_MS = 5_000;

/** How long after its expiry a used nonce is still kept (ms): clock skew and clock changes. */
export const USED_NONCE_GRACE_MS = 60 * 60_000;

const NONCE_PATTERN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})\.([0-9a-f]{64})$/;

/** The MAC of a c_nonce's parts (hex). */
function nonceMac(vault: ServiceDeps['vault'], issuer: string, expiry: string, random: string) {
  return vault.lookupHmac(`oid4vci-c-nonce:${issuer}:${expiry}:${random}`);
}

export async function createCredentialNonce(
  options: Pick<ServiceDeps, 'vault' | 'now'> & { issuer: IssuerName },
): Promise<{ c_nonce: string }> {
  const expiry = (Math.floor(options.now().getTime() / 1000) + C_NONCE_TTL_SECONDS).toString(36);
  const random = randomBytes(16).toString('base64url');
  return {
    c_nonce: `${expiry}.${random}.${nonceMac(options.vault, options.issuer, expiry, random)}`,
  };
}

/**
 * When `nonce` stops being accepted, if it is a c_nonce this server made for `issuer` that is
 * still live at `now`; else undefined (malformed, altered, another issuer's, or expired). Says
 * nothing of whether it was used (consumeNonce).
 */
export function liveNonceExpiry(
  vault: ServiceDeps['vault'],
  issuer: IssuerName,
  nonce: string,
  now: Date,
): Date | undefined {
  const parts = NONCE_PATTERN.exec(nonce);
  if (!parts) return undefined;
  const [, expiry, random, mac] = parts as unknown as [string, string, string, string];
  const expected = Buffer.from(nonceMac(vault, issuer, expiry, random), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(mac, 'hex'))) return undefined;
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  return expiresAt.getTime() > now.getTime() ? expiresAt : undefined;
}
