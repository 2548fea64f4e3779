/**
 * API keys of the organisations that call the product's machine APIs (docs/api-contract.md):
 * verifiers ('pvk', the OpenID4VP verifier API) and issuers ('pik', the W3C VC API issuer,
 * POST /credentials/issue). A key is `<kind>_` + 8 hex + `_` + 43 base64url characters (32
 * random bytes); it is shown once and stored only as its SHA-256 (hex), named in lists and logs
 * by its first 12 characters (`prefix`).
 */
import { hash, randomBytes } from 'node:crypto';
import { AppError } from './errors';

/** 'pvk': a verifier organisation's key; 'pik': an issuer organisation's key. */
export type ApiKeyKind = 'pvk' | 'pik';

const PATTERNS: Record<ApiKeyKind, RegExp> = {
  pvk: /^pvk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/,
  pik: /^pik_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/,
};

/** A new API key of `kind`, its stored hash and its prefix (the first 12 characters). */
export function newApiKey(kind: ApiKeyKind): { key: string; keyHash: string; prefix: string } {
  const key = `${kind}_${randomBytes(4).toString('hex')}_${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, 12) };
}

/** SHA-256 (hex) of an API key: the only form it is stored in (a 256-bit secret needs no KDF). */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The SHA-256 of the `kind` API key in an `Authorization: Bearer <key>` header, to look up.
 * @param details the 401 texts: `missing` when there is no header, `invalid` when the header or
 *   key is malformed (the caller answers the same `invalid` text for an unknown key).
 * @throws {AppError} 'unauthenticated' (401) when the header is missing or the key malformed.
 */
export function bearerApiKeyHash(
  authorization: string | undefined,
  kind: ApiKeyKind,
  details: { missing: string; invalid: string },
): string {
  if (!authorization) throw new AppError('unauthenticated', details.missing);
  const key = BEARER.exec(authorization)?.[1];
  if (!key || !PATTERNS[kind].test(key)) throw new AppError('unauthenticated', details.invalid);
  return hashApiKey(key);
}
