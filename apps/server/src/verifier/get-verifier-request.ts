/**
 * GET /verifier/requests/{id}: a verifier reads its own request's status and, once shared, the
 * verified claims per DCQL credential query id and every check made (docs/api-contract.md
 * "Verifiers (OpenID4VP)"). A pending request past its expires_at reads 'expired'. With them,
 * the verifier's copy of the holder's consent receipts for this request (issue 17), oldest
 * first, and the SHA-256 of the vp_token it received, which an approval's receipt names too.
 *
 * Issue 17: once the holder withdraws the consent the request was answered under, it reads
 * 'withdrawn' (at the end of the consent's validity, 'consent_expired'), its claims are erased
 * (`credentials` null, `erased_at` set); `consent` is that consent as this product's wallet
 * holds it (status, validity, uses), when the answer came from it.
 */
import type { VerifiedCredential, VerifierRequestAnswer } from '@pehchaan/core';
import { and, asc, eq } from 'drizzle-orm';
import {
  consentReceipts,
  consentRequests,
  presentationRequests,
  verifierRequests,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { consentReceiptRecordOf } from '../lib/records';
import { REQUEST_NOT_FOUND_DETAIL } from './find-open-verifier-request';
import { verifierRequestAad } from './receive-verifier-response';

/**
 * @throws {AppError} 'verifier_request_not_found' (404) when the verifier has no request with
 *   this id (another verifier's request included: its existence is not revealed).
 */
export async function getVerifierRequest(
  options: Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'> & {
    verifierId: string;
    requestId: string;
  },
): Promise<VerifierRequestAnswer> {
  const [row] = await options.db
    .select()
    .from(verifierRequests)
    .where(
      and(
        eq(verifierRequests.id, options.requestId),
        eq(verifierRequests.verifierId, options.verifierId),
      ),
    );
  if (!row) throw new AppError('verifier_request_not_found', REQUEST_NOT_FOUND_DETAIL);
  const expired = row.status === 'pending' && options.now().getTime() >= row.expiresAt.getTime();
  const credentials = row.claimsCiphertext
    ? (JSON.parse(
        options.vault.decrypt(row.claimsCiphertext, verifierRequestAad(row.id)),
      ) as Record<string, VerifiedCredential[]>)
    : null;
  const receipts = await options.db
    .select()
    .from(consentReceipts)
    .where(eq(consentReceipts.verifierRequestId, row.id))
    .orderBy(asc(consentReceipts.issuedAt), asc(consentReceipts.id));
  const [consent] = await options.db
    .select({
      status: consentRequests.status,
      validUntil: consentRequests.validUntil,
      withdrawnAt: consentRequests.withdrawnAt,
      uses: consentRequests.uses,
      lastUsedAt: consentRequests.lastUsedAt,
    })
    .from(presentationRequests)
    .innerJoin(consentRequests, eq(consentRequests.id, presentationRequests.consentRequestId))
    .where(eq(presentationRequests.verifierRequestId, row.id))
    .limit(1);
  const consentStatus = consent?.status;
  return {
    id: row.id,
    purpose: row.purposeCode,
    status: expired ? 'expired' : (row.status as VerifierRequestAnswer['status']),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    credentials,
    checks: row.checks ?? null,
    error: row.error,
    vp_token_sha256: row.vpTokenSha256,
    consent_receipts: receipts.map((receipt) => {
      const record = consentReceiptRecordOf(receipt, options.publicOrigin);
      return {
        id: record.id,
        event: record.event,
        issued_at: record.issued_at,
        url: record.url,
        presentation_sha256: record.presentation_sha256,
        receipt: record.receipt,
      };
    }),
    erased_at: row.erasedAt?.toISOString() ?? null,
    consent:
      consent &&
      (consentStatus === 'approved' || consentStatus === 'withdrawn' || consentStatus === 'expired')
        ? {
            status: consentStatus,
            valid_until: consent.validUntil?.toISOString() ?? null,
            withdrawn_at: consent.withdrawnAt?.toISOString() ?? null,
            uses: consent.uses,
            last_used_at: consent.lastUsedAt?.toISOString() ?? null,
          }
        : null,
  };
}
