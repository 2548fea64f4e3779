/**
 * GET /verifier/requests/{id}: a verifier reads its own request's status and, once shared, the
 * verified claims per DCQL credential query id and every check made (docs/api-contract.md
 * "Verifiers (OpenID4VP)"). A pending request past its expires_at reads 'expired'; the error
 * answers wallets posted while it was pending are listed under `wallet_errors` (they never end
 * it). With them, the verifier's copy of the holder's consent receipts for this request (issue
 * 17), oldest first, and the SHA-256 of the vp_token it received, which an approval's receipt
 * names too.
 *
 * A request is answered by one holder: its receipts and its consent are those whose
 * `presentation_sha256` is the digest of the vp_token this request accepted (the approval
 * receipt, and the withdrawal or expiry receipts that copy it). Nothing of another holder who
 * opened the same link (a refusal, a request that came too late) is joined to it.
 *
 * Issue 17: once the holder withdraws the consent the request was answered under, it reads
 * 'withdrawn' (at the end of the consent's validity, 'consent_expired'), its claims are erased
 * (`credentials` null, `erased_at` set); `consent` is that consent as this product's wallet
 * holds it (status, validity, uses), when the answer came from it. Resolving the holder's
 * erasure request erases the claims too (`erased_at` set, the status stays 'shared').
 */
import {
  type ConsentReceiptEvent,
  consentReceiptUrl,
  type VerifiedCredential,
  type VerifierRequestAnswer,
} from '@pehchaan/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type ConsentReceiptRow,
  consentReceipts,
  consentRequests,
  type VerifierRequestRow,
  verifierRequests,
  verifiers,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { requestLinks } from './create-verifier-request';
import { REQUEST_NOT_FOUND_DETAIL } from './find-open-verifier-request';
import { verifierRequestAad } from './receive-verifier-response';

type ViewDeps = Pick<ServiceDeps, 'db' | 'vault' | 'now' | 'publicOrigin'>;

/** The requests of one verifier (`did`: its did:key) and that verifier's view of them. */
interface OwnRequests {
  did: string;
  rows: readonly VerifierRequestRow[];
}

/** A request's status as the verifier reads it: a pending one past expires_at is 'expired'. */
export function statusOf(row: VerifierRequestRow, now: Date): VerifierRequestAnswer['status'] {
  const expired = row.status === 'pending' && now.getTime() >= row.expiresAt.getTime();
  return expired ? 'expired' : (row.status as VerifierRequestAnswer['status']);
}

/**
 * The verifier's view of each of `rows` (its own requests), in the same order, with the consent
 * receipts and the consent of the holder whose presentation each accepted (two queries for
 * the whole list).
 */
export async function verifierRequestViews(
  options: ViewDeps,
  { did, rows }: OwnRequests,
): Promise<VerifierRequestAnswer[]> {
  const digests = [
    ...new Set(rows.flatMap((row) => (row.vpTokenSha256 ? [row.vpTokenSha256] : []))),
  ];
  const receipts: ConsentReceiptRow[] =
    digests.length === 0
      ? []
      : await options.db
          .select()
          .from(consentReceipts)
          .where(inArray(consentReceipts.presentationSha256, digests))
          .orderBy(asc(consentReceipts.issuedAt), asc(consentReceipts.id));
  const receiptsOf = (row: VerifierRequestRow) =>
    row.vpTokenSha256
      ? receipts.filter(
          (receipt) =>
            receipt.presentationSha256 === row.vpTokenSha256 &&
            receipt.verifierId === row.verifierId,
        )
      : [];
  const consentIds = [
    ...new Set(
      rows.flatMap((row) =>
        receiptsOf(row).flatMap((receipt) =>
          receipt.event === 'approved' && receipt.consentRequestId
            ? [receipt.consentRequestId]
            : [],
        ),
      ),
    ),
  ];
  const consents =
    consentIds.length === 0
      ? []
      : await options.db
          .select({
            id: consentRequests.id,
            status: consentRequests.status,
            validUntil: consentRequests.validUntil,
            withdrawnAt: consentRequests.withdrawnAt,
            uses: consentRequests.uses,
            lastUsedAt: consentRequests.lastUsedAt,
          })
          .from(consentRequests)
          .where(inArray(consentRequests.id, consentIds));
  const now = options.now();

  return rows.map((row) => {
    const mine = receiptsOf(row);
    const approval = mine.find((receipt) => receipt.event === 'approved');
    const consent = consents.find((c) => c.id === approval?.consentRequestId);
    const consentStatus = consent?.status;
    const credentials = row.claimsCiphertext
      ? (JSON.parse(
          options.vault.decrypt(row.claimsCiphertext, verifierRequestAad(row.id)),
        ) as Record<string, VerifiedCredential[]>)
      : null;
    return {
      id: row.id,
      ...requestLinks(options.publicOrigin, row.id, did),
      purpose: row.purposeCode,
      status: statusOf(row, now),
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      answered_at: row.answeredAt?.toISOString() ?? null,
      credentials,
      checks: row.checks ?? null,
      wallet_errors: row.walletErrors,
      vp_token_sha256: row.vpTokenSha256,
      consent_receipts: mine.map((receipt) => ({
        id: receipt.id,
        event: receipt.event as ConsentReceiptEvent,
        issued_at: receipt.issuedAt.toISOString(),
        url: consentReceiptUrl(options.publicOrigin, receipt.id),
        presentation_sha256: receipt.presentationSha256,
        receipt: receipt.document,
      })),
      erased_at: row.erasedAt?.toISOString() ?? null,
      consent:
        consent &&
        (consentStatus === 'approved' ||
          consentStatus === 'withdrawn' ||
          consentStatus === 'expired')
          ? {
              status: consentStatus,
              valid_until: consent.validUntil?.toISOString() ?? null,
              withdrawn_at: consent.withdrawnAt?.toISOString() ?? null,
              uses: consent.uses,
              last_used_at: consent.lastUsedAt?.toISOString() ?? null,
            }
          : null,
    };
  });
}

/**
 * @throws {AppError} 'verifier_request_not_found' (404) when the verifier has no request with
 *   this id (another verifier's request included: its existence is not revealed).
 */
export async function getVerifierRequest(
  options: ViewDeps & { verifierId: string; requestId: string },
): Promise<VerifierRequestAnswer> {
  const [found] = await options.db
    .select({ row: verifierRequests, did: verifiers.did })
    .from(verifierRequests)
    .innerJoin(verifiers, eq(verifiers.id, verifierRequests.verifierId))
    .where(
      and(
        eq(verifierRequests.id, options.requestId),
        eq(verifierRequests.verifierId, options.verifierId),
      ),
    );
  if (!found) throw new AppError('verifier_request_not_found', REQUEST_NOT_FOUND_DETAIL);
  const [view] = await verifierRequestViews(options, { did: found.did, rows: [found.row] });
  if (!view) throw new Error('A request has one view');
  return view;
}
