/**
 * GET /status-lists/{slug}/{n} and GET /status-lists/{slug}/{n}/{purpose}: one status list of a
 * product issuer as served (docs/status-lists.md; DECISIONS 8).
 *
 * Input: { ...deps, slug (core's issuerSlug of the issuer), listNumber, purpose? }.
 * Output: { body (the text answered), contentType, etag (a strong entity tag: the SHA-256 of
 * the body) }:
 * - no purpose: the IETF Token Status List token (draft-ietf-oauth-status-list section 5.1), a
 *   compact JWS built with @sd-jwt/jwt-status-list (StatusList, 2 bits; createHeaderAndPayload):
 *   header { alg: 'EdDSA', typ: 'statuslist+jwt', kid: the issuer's did:key DID URL }, payload
 *   { sub: the list's URL, iat, exp: iat + STATUS_LIST_VALIDITY_SECONDS, ttl:
 *   STATUS_LIST_TTL_SECONDS, status_list: { bits: 2, lst } }; media type
 *   application/statuslist+jwt.
 * - purpose 'revocation' | 'suspension': a W3C BitstringStatusListCredential (Bitstring Status
 *   List v1.0 section 2.2) built with @digitalbazaar/vc-bitstring-status-list (createList,
 *   createCredential): VCDM 2.0, `issuer` the issuer's did:key, validFrom iat, validUntil exp,
 *   credentialSubject { id: URL + '#list', type: 'BitstringStatusList', statusPurpose,
 *   encodedList, ttl: STATUS_LIST_TTL_SECONDS in milliseconds }, an eddsa-jcs-2022 proof made at
 *   iat; media type application/vc.
 *
 * `iat` is the later of the list's last change and the start of the current hour: the same list
 * signs to the same bytes on every instance of a cluster (Ed25519 and the list encodings are
 * deterministic), so their entity tags agree, and the token never claims to be older than an hour.
 * The list is read from the database; an answer is reused for at most CACHE_MS per database
 * (each instance has its own), so a status change shows on every instance within a second.
 *
 * Errors: AppError 'not_found' (404) for an unknown issuer slug, list number or purpose.
 */
import { hash } from 'node:crypto';
import { createEddsaJcs2022Proof, type IssuerName, toSecondsIso } from '@pehchaan/core';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import { and, eq, ne } from 'drizzle-orm';
import { credentialStatuses, statusLists } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { issuerOfSlug } from './oid4vci';
import {
  BITSTRING_PURPOSES,
  type BitstringPurpose,
  bitstringStatusListUrl,
  type CredentialStatusValue,
  STATUS_LIST_JWT_MEDIA_TYPE,
  STATUS_LIST_TTL_SECONDS,
  STATUS_LIST_VALIDITY_SECONDS,
  STATUS_TYPE_VALUES,
  statusListUrl,
} from './status-lists';

/** The longest an answer is reused before the database is read again (ms). */
export const CACHE_MS = 1000;

/** The media type of a W3C verifiable credential (VCDM 2.0 section 6.3). */
export const VC_MEDIA_TYPE = 'application/vc';

export const STATUS_LIST_NOT_FOUND_DETAIL = 'There is no status list at this address.';

export interface ServedStatusList {
  body: string;
  contentType: string;
  etag: string;
}

export type GetStatusListOptions = Pick<
  ServiceDeps,
  'db' | 'issuers' | 'proofCrypto' | 'publicOrigin' | 'now'
> & {
  slug: string;
  listNumber: number;
  /** A Bitstring Status List purpose; absent: the Token Status List. */
  purpose?: string | undefined;
};

/**
 * Answers per database (so two apps on two databases in one process never share one), kept as
 * the promise of their build: requests that arrive while a list is being built wait for that
 * build instead of each reading and signing the same list again (under load, every request of
 * the second after the answer expired used to build its own).
 */
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<ServedStatusList> }>>();

/**
 * Drops every answer kept for `db` (set-credential-status.ts after a change): this instance
 * serves the change at once; the others within CACHE_MS.
 */
export function forgetStatusLists(db: object): void {
  caches.delete(db);
}

function entityTag(body: string): string {
  return `"${hash('sha256', body, 'base64url')}"`;
}

/** The list's row and its entries that are not valid, or undefined when there is no such list. */
async function readList(
  options: GetStatusListOptions,
  issuer: IssuerName,
): Promise<
  | { size: number; updatedAt: Date; changed: { idx: number; status: CredentialStatusValue }[] }
  | undefined
> {
  const [list] = await options.db
    .select({ size: statusLists.size, updatedAt: statusLists.updatedAt })
    .from(statusLists)
    .where(and(eq(statusLists.issuer, issuer), eq(statusLists.listNumber, options.listNumber)));
  if (!list) return undefined;
  const changed = await options.db
    .select({ idx: credentialStatuses.idx, status: credentialStatuses.status })
    .from(credentialStatuses)
    .where(
      and(
        eq(credentialStatuses.issuer, issuer),
        eq(credentialStatuses.listNumber, options.listNumber),
        ne(credentialStatuses.status, 'valid'),
      ),
    );
  return { ...list, changed: changed as { idx: number; status: CredentialStatusValue }[] };
}

async function buildStatusList(
  options: GetStatusListOptions,
  issuer: IssuerName,
  purpose: BitstringPurpose | undefined,
): Promise<ServedStatusList> {
  const notFound = new AppError('not_found', STATUS_LIST_NOT_FOUND_DETAIL);
  const list = await readList(options, issuer);
  if (!list) throw notFound;
  const key = options.issuers.get(issuer);
  const hourStart = Math.floor(options.now().getTime() / 3_600_000) * 3600;
  const iat = Math.max(Math.floor(list.updatedAt.getTime() / 1000), hourStart);
  const exp = iat + STATUS_LIST_VALIDITY_SECONDS;

  if (purpose === undefined) {
    const url = statusListUrl(options.publicOrigin, issuer, options.listNumber);
    const statuses = new StatusList(new Array<number>(list.size).fill(0), 2);
    for (const entry of list.changed) {
      statuses.setStatus(entry.idx, STATUS_TYPE_VALUES[entry.status] ?? 0);
    }
    const { header, payload } = createHeaderAndPayload(
      statuses,
      { sub: url, iat, exp, ttl: STATUS_LIST_TTL_SECONDS },
      { alg: 'EdDSA', typ: 'statuslist+jwt', kid: key.verificationMethod },
    );
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part(header)}.${part(payload)}`;
    const signature = Buffer.from(key.sign(new Uint8Array(Buffer.from(input)))).toString(
      'base64url',
    );
    const body = `${input}.${signature}`;
    return { body, contentType: STATUS_LIST_JWT_MEDIA_TYPE, etag: entityTag(body) };
  }

  const url = bitstringStatusListUrl(options.publicOrigin, issuer, options.listNumber, purpose);
  // Loaded on first use: it brings @digitalbazaar/vc and jsonld (half a second at start-up).
  const { createCredential, createList } = await import('@digitalbazaar/vc-bitstring-status-list');
  const bits = await createList({ length: list.size });
  const set: CredentialStatusValue = purpose === 'revocation' ? 'revoked' : 'suspended';
  for (const entry of list.changed) {
    if (entry.status === set) bits.setStatus(entry.idx, true);
  }
  const unsigned = await createCredential({ id: url, list: bits, statusPurpose: purpose });
  const credential = await createEddsaJcs2022Proof(
    {
      ...unsigned,
      issuer: key.did,
      validFrom: toSecondsIso(new Date(iat * 1000)),
      validUntil: toSecondsIso(new Date(exp * 1000)),
      credentialSubject: {
        ...unsigned.credentialSubject,
        // W3C Bitstring Status List v1.0 section 2.2: `ttl` in milliseconds.
        ttl: STATUS_LIST_TTL_SECONDS * 1000,
      },
    },
    {
      verificationMethod: key.verificationMethod,
      created: toSecondsIso(new Date(iat * 1000)),
      sign: key.sign,
      crypto: options.proofCrypto,
    },
  );
  const body = JSON.stringify(credential);
  return { body, contentType: VC_MEDIA_TYPE, etag: entityTag(body) };
}

export async function getStatusList(options: GetStatusListOptions): Promise<ServedStatusList> {
  const issuer = issuerOfSlug(options.slug);
  const purpose = options.purpose;
  if (
    !issuer ||
    (purpose !== undefined && !(BITSTRING_PURPOSES as readonly string[]).includes(purpose))
  ) {
    throw new AppError('not_found', STATUS_LIST_NOT_FOUND_DETAIL);
  }
  let cache = caches.get(options.db);
  if (!cache) {
    cache = new Map();
    caches.set(options.db, cache);
  }
  // The hour of deps.now is part of the key: an answer is signed for that hour (its iat), so a
  // clock that moved to another hour never gets an answer signed for the one before.
  const hour = Math.floor(options.now().getTime() / 3_600_000);
  const cacheKey = `${options.publicOrigin} ${issuer} ${options.listNumber} ${purpose ?? 'token'} ${hour}`;
  // Wall-clock time, not deps.now: this bounds how stale an answer may be, whatever the clock says.
  const at = Date.now();
  const cached = cache.get(cacheKey);
  if (cached && at - cached.at < CACHE_MS) return cached.value;
  const value = buildStatusList(options, issuer, purpose as BitstringPurpose | undefined);
  const entry = { at, value };
  cache.set(cacheKey, entry);
  // A failed build is not kept: the next request tries again.
  value.catch(() => {
    if (cache.get(cacheKey) === entry) cache.delete(cacheKey);
  });
  // Keep the map small: drop answers that can no longer be reused.
  if (cache.size > 64) {
    for (const [k, v] of cache) if (at - v.at >= CACHE_MS) cache.delete(k);
  }
  return value;
}
