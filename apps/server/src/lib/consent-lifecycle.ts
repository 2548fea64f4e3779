/**
 * What the consent's later states share (issue 17, DECISIONS 7): its validity, which product-
 * hosted verifier request a presentation consent answered, and what ending a consent stops.
 * Used by the services decide-consent-request, withdraw-consent, expire-consents and
 * list-consent-requests.
 */
import {
  type ConsentPresentation,
  consentPresentationSchema,
  DAY_MS,
  DEFAULT_CONSENT_VALIDITY_DAYS,
} from '@pehchaan/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import {
  type ConsentRequestRow,
  presentationRequests,
  shares,
  verifierRequests,
  verifiers,
} from '../db/schema';
import { DID_CLIENT_ID_PREFIX } from './verifier-keys';

/** The details of the 409s of a consent that is not in force (withdraw, a share link under it). */
export const CONSENT_NOT_IN_FORCE = {
  notApproved: (status: string) =>
    `This consent request is ${status}, so there is no consent to withdraw.`,
  alreadyWithdrawn: 'You already withdrew this consent.',
  expired: 'This consent has already expired; there is nothing left to withdraw.',
} as const;

/**
 * Days an approval of `row` stays valid: the request's own validity, else the retention the
 * verifier registered for the purpose (OpenID4VP requests), else DEFAULT_CONSENT_VALIDITY_DAYS.
 */
export function consentValidityDays(
  row: Pick<ConsentRequestRow, 'validityDays'>,
  presentation?: Pick<ConsentPresentation, 'retention_days'> | null,
): number {
  return row.validityDays ?? presentation?.retention_days ?? DEFAULT_CONSENT_VALIDITY_DAYS;
}

/** The end of a consent approved at `approvedAt` that is valid `days` days. */
export function validUntilOf(approvedAt: Date, days: number): Date {
  return new Date(approvedAt.getTime() + days * DAY_MS);
}

/** The OpenID4VP side of a consent request, when it has one. */
export async function presentationOfConsent(db: DbOrTx, consentRequestId: string) {
  const [row] = await db
    .select()
    .from(presentationRequests)
    .where(eq(presentationRequests.consentRequestId, consentRequestId));
  if (!row) return undefined;
  return { row, presentation: consentPresentationSchema.parse(row.presentation) };
}

/**
 * The product-hosted verifier request a presentation consent answered, remembered on the
 * presentation row: a seeded request knows it already; a request from a link is the hosted
 * request of the same verifier (its DID is the client_id) with the same nonce, when there is one
 * (an outside verifier has none here). @returns its id, or null.
 */
export async function linkHostedVerifierRequest(
  db: DbOrTx,
  consentRequestId: string,
): Promise<string | null> {
  const found = await presentationOfConsent(db, consentRequestId);
  if (!found) return null;
  const { row } = found;
  if (row.verifierRequestId) return row.verifierRequestId;
  if (!row.clientId.startsWith(DID_CLIENT_ID_PREFIX)) return null;
  const did = row.clientId.slice(DID_CLIENT_ID_PREFIX.length);
  const [hosted] = await db
    .select({ id: verifierRequests.id })
    .from(verifierRequests)
    .innerJoin(verifiers, eq(verifiers.id, verifierRequests.verifierId))
    .where(and(eq(verifiers.did, did), eq(verifierRequests.nonce, row.nonce)));
  if (!hosted) return null;
  await db
    .update(presentationRequests)
    .set({ verifierRequestId: hosted.id })
    .where(eq(presentationRequests.consentRequestId, consentRequestId));
  return hosted.id;
}

/**
 * What ending a consent stops (withdrawal or expiry, at `at`), inside the caller's transaction:
 * every share link made under it is withdrawn, and the claims the product-hosted verifier
 * holds for the request it answered are erased (DPDP Act s.8(7)(a)), that request reading
 * 'withdrawn' or 'consent_expired' from then on.
 * @returns when the verifier's claims were erased (null: none were held here).
 */
export async function stopConsentUse(
  tx: DbOrTx,
  options: { consentRequestId: string; at: Date; reason: 'withdrawn' | 'expired' },
): Promise<Date | null> {
  const { consentRequestId, at } = options;
  await tx
    .update(shares)
    .set({ withdrawnAt: at })
    .where(and(eq(shares.consentRequestId, consentRequestId), isNull(shares.withdrawnAt)));
  const verifierRequestId = await linkHostedVerifierRequest(tx, consentRequestId);
  if (!verifierRequestId) return null;
  const erased = await tx
    .update(verifierRequests)
    .set({
      status: options.reason === 'withdrawn' ? 'withdrawn' : 'consent_expired',
      claimsCiphertext: null,
      erasedAt: at,
    })
    .where(and(eq(verifierRequests.id, verifierRequestId), eq(verifierRequests.status, 'shared')))
    .returning({ erasedAt: verifierRequests.erasedAt });
  return erased[0]?.erasedAt ?? null;
}
