/**
 * Makes SPEC 3's seeded consent requests of a holder real OpenID4VP 1.0 requests (issue 16;
 * docs/oid4vp.md "Seeded requests"): for each seeded verifier purpose with a `seededRequest`
 * (core's VERIFIER_SEEDS: State Bank of India, Bharti Airtel, LIC of India), its verifier asks
 * for the request's fields (through the verifier's port, lib/roles.ts createRequest: the same
 * minimisation rules as the verifier API), and the holder's pending consent request `consent-{userId}-{bank|telecom|insurer}` is
 * linked to it through a presentation_requests row, exactly as a link the holder opened would
 * be (resolvePresentationRequest), except that the signed request object is handed over by value instead of fetched: the server is not listening yet at seed time, and
 * fetching from itself would be pointless. Same resolver, same checks (signature, kid, exp,
 * aud, response_uri, DCQL, registered verifier); the response_uri on PUBLIC_ORIGIN passes as
 * one this server receives in process (the verifier's localTransport), whatever its scheme.
 *
 * The verifier request lives SEEDED_REQUEST_TTL_MS (about a month: SPEC 3's "pending requests
 * about 1 month of validity"), not the 10 minutes of a scanned request: the seeded requests wait
 * for the holder. The presentation is marked `seeded: true` so the holder's screen keeps the SPEC
 * card; the consent request row itself (requester, purpose, fields, times) is not touched.
 *
 * A holder's earlier link of the same consent request is closed first: its verifier request,
 * if still pending, expires now (the verifier reads 'expired'), and the row is replaced.
 * Consent requests that are missing or no longer pending are skipped.
 *
 * Called at first seed (src/compose.ts, for user-001), by Reset Requests
 * (reset-consent-requests.ts) and by Approve when a seeded link has expired
 * (decide-consent-request.ts, `only` = that one request). The consent ledger
 * (consent/ledger.ts) writes the links.
 *
 * Input: { ...deps, userId, only? } (only: one consent request id). Output: the consent request
 * ids linked. Errors: AppError from the verifier's createRequest (purpose_not_registered,
 * claims_outside_purpose: a seeded verifier's purpose was changed by hand) and from
 * resolvePresentationRequest (presentation_request_refused...); database errors.
 */
import {
  type DcqlQuery,
  type DocumentTypeKey,
  type SeededClaim,
  type SeededRequestSeed,
  VERIFIER_SEEDS,
  vctOf,
} from '@pehchaan/core';
import { and, eq, inArray } from 'drizzle-orm';
import { consentRequests, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { storedRequestOf } from '../lib/oid4vp';
import { verifierClientId } from '../lib/verifier-keys';
import { attachPresentationRequest, detachPresentationRequests } from './ledger';
import { resolvePresentationRequest } from './receive-presentation-request';

/** How long a seeded verifier request may be answered: 30 days (ms), SPEC 3's "about 1 month". */
export const SEEDED_REQUEST_TTL_MS = 30 * 24 * 3_600_000;

/** The consent request a seed backs: `consent-{userId}-{bank|telecom|insurer}` (consent-seeds.ts). */
export const seededConsentRequestId = (userId: string, seed: SeededRequestSeed) =>
  `consent-${userId}-${seed.consentSeed}`;

/**
 * The DCQL query (OpenID4VP 1.0 section 6) of a seeded request: one `dc+sd-jwt` credential query
 * per document type (id = the type, vct = `{publicOrigin}/vct/{type}`), each claim by name (id =
 * path = the claim name), and the seed's credential_sets. A credential with optional claims
 * (SeededClaim.required false) gets two claim_sets (section 6.4.2): every claim first (the
 * verifier's preference), then the required ones only, so a claim in both is required and one
 * only in the first is optional (lib/oid4vp/describe-request.ts reads them so). A credential
 * whose claims are all required has no claim_sets.
 */
export function seededDcqlQuery(seed: SeededRequestSeed, publicOrigin: string): DcqlQuery {
  const entries = Object.entries(seed.credentials) as [DocumentTypeKey, readonly SeededClaim[]][];
  return {
    credentials: entries.map(([type, claims]) => {
      const required = claims.filter((claim) => claim.required).map((claim) => claim.name);
      const all = claims.map((claim) => claim.name);
      return {
        id: type,
        format: 'dc+sd-jwt',
        meta: { vct_values: [vctOf(publicOrigin, type)] },
        claims: all.map((name) => ({ id: name, path: [name] })),
        ...(required.length < all.length ? { claim_sets: [all, required] } : {}),
      };
    }),
    credential_sets: seed.credentialSets.map((set) => ({
      options: set.options.map((option) => [...option]),
      ...(set.required === false ? { required: false } : {}),
    })),
  } as DcqlQuery;
}

/** The seeded verifier purposes that back a consent request. */
function seededPurposes() {
  return VERIFIER_SEEDS.flatMap((verifier) =>
    verifier.purposes.flatMap((purpose) =>
      purpose.seededRequest
        ? [{ verifierId: verifier.id, code: purpose.code, seed: purpose.seededRequest }]
        : [],
    ),
  );
}

/**
 * Closes the in-process links of `consentRequestIds`: their verifier requests still pending
 * expire now, and the presentation_requests rows are deleted.
 */
export async function closeSeededLinks(
  options: Pick<ServiceDeps, 'db' | 'now' | 'roles'> & {
    userId: string;
    consentRequestIds: string[];
  },
): Promise<void> {
  await options.db.transaction(async (tx) => {
    const ids = await detachPresentationRequests(tx, options);
    await options.roles.verifier.closeRequests(tx, { ids, at: options.now() });
  });
}

export async function linkSeededConsentRequests(
  options: ServiceDeps & { userId: string; only?: string },
): Promise<string[]> {
  const { db, userId } = options;
  const purposes = seededPurposes()
    .map((purpose) => ({
      ...purpose,
      consentRequestId: seededConsentRequestId(userId, purpose.seed),
    }))
    .filter((purpose) => options.only === undefined || purpose.consentRequestId === options.only);
  if (purposes.length === 0) return [];
  const pending = await db
    .select({ id: consentRequests.id })
    .from(consentRequests)
    .where(
      and(
        eq(consentRequests.userId, userId),
        eq(consentRequests.status, 'pending'),
        inArray(
          consentRequests.id,
          purposes.map((purpose) => purpose.consentRequestId),
        ),
      ),
    );
  const pendingIds = new Set(pending.map((row) => row.id));
  const toLink = purposes.filter((purpose) => pendingIds.has(purpose.consentRequestId));
  await closeSeededLinks({
    ...options,
    consentRequestIds: toLink.map((purpose) => purpose.consentRequestId),
  });

  const linked: string[] = [];
  for (const purpose of toLink) {
    const [verifier] = await db
      .select({ did: verifiers.did })
      .from(verifiers)
      .where(eq(verifiers.id, purpose.verifierId));
    // A database whose seeded verifier is missing (removed by hand) keeps the plain SPEC request.
    if (!verifier) continue;
    const created = await options.roles.verifier.createRequest({
      verifierId: purpose.verifierId,
      purpose: purpose.code,
      dcqlQuery: seededDcqlQuery(purpose.seed, options.publicOrigin),
      ttlMs: SEEDED_REQUEST_TTL_MS,
    });
    const requestObject = created.requestObject;
    const { request, presentation, expiresAt } = await resolvePresentationRequest({
      ...options,
      params: {
        kind: 'by_value',
        client_id: verifierClientId(verifier.did),
        request: requestObject,
      },
    });
    await attachPresentationRequest(db, {
      userId,
      consentRequestId: purpose.consentRequestId,
      details: {
        clientId: request.clientId,
        nonce: request.nonce,
        request: storedRequestOf(request),
        presentation: { ...presentation, seeded: true },
        expiresAt,
        verifierRequestId: created.id,
      },
    });
    linked.push(purpose.consentRequestId);
  }
  return linked;
}
