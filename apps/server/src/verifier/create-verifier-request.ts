/**
 * POST /verifier/requests: a verifier asks for claims for one of its registered purposes
 * (OpenID4VP 1.0 with DCQL; docs/api-contract.md "Verifiers (OpenID4VP)").
 *
 * Data minimisation (DPDP Act s.6(1)): every credential query must name only vcts whose
 * document type the purpose covers and only claims (one-segment paths) registered for that type;
 * a query without `claims` (which asks for everything) is refused too. A vct names a document
 * type when it is this deployment's (`{PUBLIC_ORIGIN}/vct/{type}`) or another issuer's that the
 * trust list declares for one catalogue type (vctTypesOfTrustList: e.g. an issuer added with
 * `--types aadhaar,https://uidai.example/vct/aadhaar`), so a verifier may ask for that issuer's
 * credential of the type (docs/security.md "The trust list").
 *
 * Problem details never echo the request (docs/security.md): they name the purpose, credential
 * query and claim by position (1-based), not by the caller's text.
 */
import { randomBytes } from 'node:crypto';
import {
  type CreateVerifierRequestAnswer,
  type DcqlQuery,
  documentTypeOfVct,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { verifierPurposes, verifierRequests, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { catalogueKeyOf, loadTrustList, type TrustedIssuer } from '../lib/trust-list';
import { verifierClientId } from '../lib/verifier-keys';

/** The purpose_not_registered detail: fixed, so it never echoes the caller's code. */
export const PURPOSE_NOT_REGISTERED_DETAIL =
  "The purpose is not one of this verifier's registered purposes (GET /verifier/me lists them).";

/** How long a request may be answered: 10 minutes (ms), enough to scan, choose and consent. */
export const VERIFIER_REQUEST_TTL_MS = 10 * 60_000;

/** The public URL of a request's signed request object. */
export const requestUri = (publicOrigin: string, id: string) =>
  `${publicOrigin}/oid4vp/requests/${id}`;

/** Where the wallet posts its answer (the request object's response_uri). */
export const responseUri = (publicOrigin: string, id: string) =>
  `${publicOrigin}/oid4vp/responses/${id}`;

/**
 * Why `query` asks for more than `allowed` (document type -> claim names), or undefined; the
 * credential queries, vct values and claims are named by position (1-based).
 */
export function minimisationProblem(
  query: DcqlQuery,
  allowed: Record<string, string[]>,
  typeOfVct: (vct: string) => string | undefined,
): string | undefined {
  for (const [c, credential] of query.credentials.entries()) {
    const which = `credential query ${c + 1}`;
    if (!credential.claims) return `The ${which} must name the claims it needs`;
    for (const [v, vct] of credential.meta.vct_values.entries()) {
      const type = typeOfVct(vct);
      const claims = type ? allowed[type] : undefined;
      if (!claims) {
        return `The purpose does not cover the credential type (vct ${v + 1}) of the ${which}`;
      }
      for (const [k, claim] of credential.claims.entries()) {
        const [name, ...rest] = claim.path;
        if (rest.length > 0 || typeof name !== 'string' || !claims.includes(name)) {
          return `The purpose does not cover claim ${k + 1} of the ${which}`;
        }
      }
    }
  }
  return undefined;
}

/**
 * The catalogue type of each other issuer's vct the trust list declares: a vct (any type that
 * is no catalogue spelling) listed by entries that each name exactly one catalogue type, the
 * same one (an entry listing several catalogue types declares none; entries that disagree
 * declare none). Read from `issuers`, the list's entries (lib/trust-list.ts).
 */
export function vctTypesOfTrustList(
  issuers: readonly Pick<TrustedIssuer, 'documentTypes'>[],
  publicOrigin: string,
): Map<string, string> {
  const declared = new Map<string, string | null>();
  for (const issuer of issuers) {
    const keys = new Set(
      issuer.documentTypes.flatMap((type) => catalogueKeyOf(type, publicOrigin) ?? []),
    );
    const [key] = keys;
    for (const type of issuer.documentTypes) {
      if (catalogueKeyOf(type, publicOrigin) || !/^https?:\/\//.test(type)) continue;
      const before = declared.get(type);
      const now = keys.size === 1 && key !== undefined ? key : null;
      declared.set(type, before === undefined || before === now ? now : null);
    }
  }
  return new Map([...declared].filter((pair): pair is [string, string] => pair[1] !== null));
}

/**
 * Stores a pending request and answers its URLs.
 * @throws {AppError} 'purpose_not_registered' (422) for a purpose the verifier has not
 *   registered; 'claims_outside_purpose' (422) when the query asks for more than it covers.
 */
export async function createVerifierRequest(
  options: Pick<ServiceDeps, 'db' | 'now' | 'publicOrigin'> & {
    verifierId: string;
    purpose: string;
    dcqlQuery: DcqlQuery;
    /** How long it may be answered (ms); default VERIFIER_REQUEST_TTL_MS. Not API input: only
     * the seeded requests (link-seeded-consent-requests.ts) live longer. */
    ttlMs?: number;
  },
): Promise<CreateVerifierRequestAnswer> {
  const { db, publicOrigin } = options;
  const [row] = await db
    .select({ claims: verifierPurposes.claims, did: verifiers.did })
    .from(verifierPurposes)
    .innerJoin(verifiers, eq(verifiers.id, verifierPurposes.verifierId))
    .where(
      and(
        eq(verifierPurposes.verifierId, options.verifierId),
        eq(verifierPurposes.code, options.purpose),
      ),
    );
  if (!row) {
    throw new AppError('purpose_not_registered', PURPOSE_NOT_REGISTERED_DETAIL);
  }
  const outsideVcts = vctTypesOfTrustList((await loadTrustList(options)).issuers, publicOrigin);
  const problem = minimisationProblem(
    options.dcqlQuery,
    row.claims,
    (vct) => documentTypeOfVct(publicOrigin, vct) ?? outsideVcts.get(vct),
  );
  if (problem) throw new AppError('claims_outside_purpose', problem);

  const now = options.now();
  const id = newId('vpreq');
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? VERIFIER_REQUEST_TTL_MS));
  await db.insert(verifierRequests).values({
    id,
    verifierId: options.verifierId,
    purposeCode: options.purpose,
    dcqlQuery: options.dcqlQuery,
    nonce: randomBytes(16).toString('base64url'),
    state: randomBytes(16).toString('base64url'),
    createdAt: now,
    expiresAt,
    status: 'pending',
  });
  return { id, ...requestLinks(publicOrigin, id, row.did), expires_at: expiresAt.toISOString() };
}

/**
 * The addresses of request `id` of the verifier whose DID is `did`: where a wallet fetches its
 * request object, the `openid4vp://` URL for a QR code and the product's own wallet page.
 */
export function requestLinks(
  publicOrigin: string,
  id: string,
  did: string,
): { request_uri: string; openid4vp_url: string; wallet_url: string } {
  const uri = requestUri(publicOrigin, id);
  const query = new URLSearchParams({ client_id: verifierClientId(did), request_uri: uri });
  return {
    request_uri: uri,
    openid4vp_url: `openid4vp://?${query}`,
    wallet_url: `${publicOrigin}/present?${query}`,
  };
}
