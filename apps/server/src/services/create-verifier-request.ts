/**
 * POST /verifier/requests: a verifier asks for claims for one of its registered purposes
 * (OpenID4VP 1.0 with DCQL; docs/api-contract.md "Verifiers (OpenID4VP)").
 *
 * Data minimisation (DPDP Act s.6(1)): every credential query must name only product vcts whose
 * document type the purpose covers and only claims (one-segment paths) registered for that type;
 * a query without `claims` (which asks for everything) is refused too.
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
import { verifierClientId } from '../lib/verifier-keys';

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

/** Why `query` asks for more than `allowed` (document type -> claim names), or undefined. */
export function minimisationProblem(
  query: DcqlQuery,
  allowed: Record<string, string[]>,
  publicOrigin: string,
): string | undefined {
  for (const credential of query.credentials) {
    if (!credential.claims) {
      return `Credential query ${credential.id} must name the claims it needs`;
    }
    for (const vct of credential.meta.vct_values) {
      const type = documentTypeOfVct(publicOrigin, vct);
      const claims = type ? allowed[type] : undefined;
      if (!claims) return `The purpose does not cover credentials of type ${vct}`;
      for (const claim of credential.claims) {
        const [name, ...rest] = claim.path;
        if (rest.length > 0 || typeof name !== 'string' || !claims.includes(name)) {
          return `The purpose does not cover the claim ${JSON.stringify(claim.path)} of ${vct}`;
        }
      }
    }
  }
  return undefined;
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
    // The code is not echoed: a problem's detail never repeats caller input (it may be personal
    // data sent by mistake; the fuzz suite checks this).
    throw new AppError('purpose_not_registered', PURPOSE_NOT_REGISTERED_DETAIL);
  }
  const problem = minimisationProblem(options.dcqlQuery, row.claims, publicOrigin);
  if (problem) throw new AppError('claims_outside_purpose', problem);

  const now = options.now();
  const id = newId('vpreq');
  const expiresAt = new Date(now.getTime() + VERIFIER_REQUEST_TTL_MS);
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
  const uri = requestUri(publicOrigin, id);
  const query = new URLSearchParams({ client_id: verifierClientId(row.did), request_uri: uri });
  return {
    id,
    request_uri: uri,
    openid4vp_url: `openid4vp://?${query}`,
    wallet_url: `${publicOrigin}/present?${query}`,
    expires_at: expiresAt.toISOString(),
  };
}
