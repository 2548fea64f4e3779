/**
 * The trust list's reader (DECISIONS 9.3: one list of issuers, their keys and the types each may
 * issue, read by the wallet, the verifier API, /verify and the W3C verify endpoints). Any role
 * reads it through this module; only src/platform/ writes the `trusted_issuers` table (seeded
 * with the product's issuers at every start, edited with `npm run issuer:trust`).
 *
 * - `loadTrustList({ db, publicOrigin })`: the list now, as a `TrustList` (a snapshot).
 * - `isTrustedIssuer(deps, issuer, documentType?)`: `{ trusted, name, names, identifier }` for an
 *   issuer named by its Credential Issuer Identifier, a DID, or the RFC 7638 SHA-256 thumbprint
 *   of one of its keys (all those given must belong to the same entry), for one document type.
 * - `TrustList.trustsCredential`: core's TrustedIssuerPredicate for verifyCredential and
 *   verifyPresentation (a W3C credential's types, see `documentTypesOfCredential`).
 * - `TrustList.trustsSdJwt(iss, vct)`: the same for an SD-JWT VC's `iss` DID and `vct`.
 *
 * Document types: a type is a core catalogue key ('pan'), the catalogue name ('PAN Card'), the
 * W3C type ('PanCardCredential'), this deployment's vct (`{publicOrigin}/vct/pan`), all four read
 * as the same type; any other string (another issuer's vct, a W3C type of theirs) is itself. An
 * issuer on the list but not allowed for the type is not trusted for it. No type given: the
 * issuer's identity alone decides.
 *
 * Cache (as the read cache keeps hot reads, lib/read-cache.ts): the rows are read once per
 * database handle and kept TRUST_LIST_TTL_MS. A write through src/platform/ in this process calls
 * `invalidateTrustList`, so it is read again at once; a write by `npm run issuer:trust` in another
 * process (PostgreSQL: a running server and the CLI) is seen within TRUST_LIST_TTL_MS. With
 * PGlite the CLI runs while the server is stopped (one process per data folder), so the next
 * start reads it.
 */
import {
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  didKeyToPublicJwk,
  documentTypeOfVct,
  isDocumentTypeKey,
  isJsonObject,
  parseDidKey,
  type TrustedIssuerPredicate,
  type UiLanguage,
} from '@pehchaan/core';
import { isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { DbOrTx } from '../db/create-db';
import { trustedIssuers } from '../db/schema';

/** How long a read of the list is kept (ms); another process's write is seen within it. */
export const TRUST_LIST_TTL_MS = 10_000;

/** The W3C base type every credential carries: it names no document type. */
const BASE_TYPE = 'VerifiableCredential';

/** One issuer on the list. */
export interface TrustedIssuer {
  /** Credential Issuer Identifier (https URL) or DID. */
  identifier: string;
  /** Display names per UI language; `en` always present. */
  names: { en: string } & Partial<Record<UiLanguage, string>>;
  /** Its public keys (RFC 7517 JWK Set), or null. */
  jwks: { keys: JWK[] } | null;
  /** Where its JWK Set is published, or null. */
  jwksUrl: string | null;
  /** The DIDs it signs as (the identifier too, when it is a DID). */
  dids: readonly string[];
  /** The document types it may issue, as stored: catalogue keys, vct or type URIs. */
  documentTypes: readonly string[];
  /** 'product': one of the product's own issuers (seeded); 'operator': added by the CLI. */
  origin: 'product' | 'operator';
  addedAt: Date;
}

/** What names an issuer to check; every field given must belong to the same entry. */
export interface IssuerReference {
  /** Credential Issuer Identifier (OpenID4VCI `credential_issuer`) or DID, compared exactly. */
  identifier?: string | undefined;
  /** A DID it signs as (an SD-JWT VC's `iss`, a W3C credential's issuer). */
  did?: string | undefined;
  /** RFC 7638 SHA-256 thumbprint (base64url) of the key that signed. */
  jwkThumbprint?: string | undefined;
}

/** The answer of `isTrusted`. */
export interface TrustAnswer {
  /** On the list, and allowed the document type asked about. */
  trusted: boolean;
  /** Its English display name when it is on the list (trusted for the type or not), else null. */
  name: string | null;
  /** Its display names per language when on the list, else null. */
  names: TrustedIssuer['names'] | null;
  /** Its identifier on the list, else null. */
  identifier: string | null;
}

/** The list at one moment, with the questions callers ask of it. */
export interface TrustList {
  readonly issuers: readonly TrustedIssuer[];
  /** The entry `issuer` names, or undefined (none given, or they name different entries). */
  find(issuer: IssuerReference): TrustedIssuer | undefined;
  /** Whether `issuer` is trusted for `documentType` (any when omitted); never throws. */
  isTrusted(issuer: IssuerReference, documentType?: string | null): TrustAnswer;
  /** core's TrustedIssuerPredicate: the W3C credential's issuer DID, for its document types. */
  trustsCredential: TrustedIssuerPredicate;
  /** True when the DID `iss` is trusted for an SD-JWT VC of type `vct` (null: no type). */
  trustsSdJwt(iss: string, vct: string | null): boolean;
  /** The English name of the entry that signs as `did`, or undefined. */
  nameOfDid(did: string): string | undefined;
}

interface LoadedEntry {
  issuer: TrustedIssuer;
  dids: ReadonlySet<string>;
  thumbprints: ReadonlySet<string>;
  /** The stored types, and the catalogue key of each that is one in another spelling. */
  types: ReadonlySet<string>;
}

interface CacheEntry {
  loadedAt: number;
  /** The value of `generation` when it was read. */
  generation: number;
  /** The origin its vct URLs were read with. */
  publicOrigin: string;
  entries: Promise<LoadedEntry[]>;
}

/** Per database handle (the app's `deps.db`), the list as last read. */
const cache = new WeakMap<object, CacheEntry>();
/** Bumped by every invalidation: older cache entries are read again. */
let generation = 0;

/**
 * Drops every cached read of the list in this process (whatever handle or transaction the write
 * went through): the next read goes to the database. The list's writers call it after they write.
 */
export function invalidateTrustList(): void {
  generation += 1;
}

/**
 * The list's version in this process: changes with every write made here. Answers cached
 * elsewhere that depend on the list put it in their key (routes/verify: the bare link's verdict)
 * and keep an entry at most TRUST_LIST_TTL_MS (another process's write).
 */
export function trustListVersion(): number {
  return generation;
}

/**
 * The catalogue key a type names in any of its spellings (key, name, W3C type, this
 * deployment's vct), or undefined.
 */
export function catalogueKeyOf(type: string, publicOrigin: string): DocumentTypeKey | undefined {
  if (isDocumentTypeKey(type)) return type;
  const byName = DOCUMENT_TYPES.find((t) => t.name === type || t.credentialType === type);
  return byName?.key ?? documentTypeOfVct(publicOrigin, type);
}

/**
 * The document types a W3C credential claims to be: each `type` besides VerifiableCredential
 * (a catalogue W3C type as its key, e.g. 'PanCardCredential' -> 'pan'; any other as written) and
 * a catalogue `credentialSubject.document_type` ('PAN Card' -> 'pan'). Empty for a plain
 * VerifiableCredential: then the issuer alone decides. Never throws.
 */
export function documentTypesOfCredential(document: Record<string, unknown>): string[] {
  const types = Array.isArray(document.type)
    ? document.type
    : typeof document.type === 'string'
      ? [document.type]
      : [];
  const found = new Set<string>();
  for (const type of types) {
    if (typeof type !== 'string' || type === BASE_TYPE) continue;
    found.add(DOCUMENT_TYPES.find((t) => t.credentialType === type)?.key ?? type);
  }
  const subject = isJsonObject(document.credentialSubject) ? document.credentialSubject : {};
  const named = DOCUMENT_TYPES.find((t) => t.name === subject.document_type);
  if (named) found.add(named.key);
  return [...found];
}

async function thumbprintsOf(issuer: TrustedIssuer): Promise<Set<string>> {
  const keys: JWK[] = [...(issuer.jwks?.keys ?? [])];
  for (const did of issuer.dids) {
    if (did.startsWith('did:key:')) {
      try {
        keys.push(didKeyToPublicJwk(did));
      } catch {
        // A did:key that is not Ed25519 has no key we can name here.
      }
    }
  }
  const thumbprints = new Set<string>();
  for (const key of keys) {
    try {
      thumbprints.add(await calculateJwkThumbprint(key, 'sha256'));
    } catch {
      // A key the CLI accepted always has one; a hand-edited row may not.
    }
  }
  return thumbprints;
}

const isDid = (value: string) => /^did:[a-z0-9]+:\S+$/.test(value);

async function readEntries(db: DbOrTx, publicOrigin: string): Promise<LoadedEntry[]> {
  const rows = await db.select().from(trustedIssuers).where(isNull(trustedIssuers.removedAt));
  return Promise.all(
    rows.map(async (row) => {
      const dids = [...new Set([...(isDid(row.identifier) ? [row.identifier] : []), ...row.dids])];
      const issuer: TrustedIssuer = {
        identifier: row.identifier,
        names: { ...row.names, en: row.names.en ?? row.identifier },
        jwks: (row.jwks as { keys: JWK[] } | null) ?? null,
        jwksUrl: row.jwksUrl,
        dids,
        documentTypes: row.documentTypes,
        origin: row.origin,
        addedAt: row.addedAt,
      };
      const types = new Set<string>(row.documentTypes);
      for (const type of row.documentTypes) {
        const key = catalogueKeyOf(type, publicOrigin);
        if (key) types.add(key);
      }
      return { issuer, dids: new Set(dids), thumbprints: await thumbprintsOf(issuer), types };
    }),
  );
}

/**
 * The trust list now: from the cache while it is younger than TRUST_LIST_TTL_MS, else read.
 * `publicOrigin` (AppConfig.publicOrigin) reads this deployment's vct URLs as catalogue types.
 * @throws database errors (nothing is cached then).
 */
export async function loadTrustList(deps: {
  db: DbOrTx;
  publicOrigin: string;
}): Promise<TrustList> {
  const { db, publicOrigin } = deps;
  let cached = cache.get(db);
  if (
    !cached ||
    cached.generation !== generation ||
    cached.publicOrigin !== publicOrigin ||
    performance.now() - cached.loadedAt >= TRUST_LIST_TTL_MS
  ) {
    const entries = readEntries(db, publicOrigin);
    cached = { loadedAt: performance.now(), generation, publicOrigin, entries };
    cache.set(db, cached);
    entries.catch(() => {
      if (cache.get(db) === cached) cache.delete(db);
    });
  }
  return trustListOf(await cached.entries, publicOrigin);
}

/** The list's answers over loaded entries. */
function trustListOf(entries: readonly LoadedEntry[], publicOrigin: string): TrustList {
  const allows = (entry: LoadedEntry, type: string) =>
    entry.types.has(type) || entry.types.has(catalogueKeyOf(type, publicOrigin) ?? type);
  const find = (issuer: IssuerReference): LoadedEntry | undefined => {
    const { identifier, did, jwkThumbprint } = issuer;
    if (identifier === undefined && did === undefined && jwkThumbprint === undefined) {
      return undefined;
    }
    return entries.find(
      (entry) =>
        (identifier === undefined || entry.issuer.identifier === identifier) &&
        (did === undefined || entry.dids.has(did)) &&
        (jwkThumbprint === undefined || entry.thumbprints.has(jwkThumbprint)),
    );
  };
  const trustedDid = (did: string, types: readonly string[]) =>
    entries.some((entry) => entry.dids.has(did) && types.every((type) => allows(entry, type)));
  return {
    issuers: entries.map((entry) => entry.issuer),
    find: (issuer) => find(issuer)?.issuer,
    isTrusted(issuer, documentType) {
      const entry = find(issuer);
      if (!entry) return { trusted: false, name: null, names: null, identifier: null };
      return {
        trusted: documentType == null || allows(entry, documentType),
        name: entry.issuer.names.en,
        names: entry.issuer.names,
        identifier: entry.issuer.identifier,
      };
    },
    trustsCredential: (issuerId, document) =>
      trustedDid(issuerId, documentTypesOfCredential(document)),
    trustsSdJwt: (iss, vct) => trustedDid(iss, vct === null ? [] : [vct]),
    nameOfDid: (did) => entries.find((entry) => entry.dids.has(did))?.issuer.names.en,
  };
}

/**
 * Whether `issuer` is trusted for `documentType` (any type when omitted): the port any role
 * calls, e.g. the wallet before the holder accepts an OpenID4VCI offer,
 * `isTrustedIssuer(deps, { identifier: offer.credential_issuer }, vct)`.
 * @throws database errors.
 */
export async function isTrustedIssuer(
  deps: { db: DbOrTx; publicOrigin: string },
  issuer: IssuerReference,
  documentType?: string | null,
): Promise<TrustAnswer> {
  return (await loadTrustList(deps)).isTrusted(issuer, documentType);
}

/** True when `value` parses as a did:key (used by the list's writers to check --did). */
export function isDidKey(value: string): boolean {
  try {
    parseDidKey(value);
    return true;
  } catch {
    return false;
  }
}
