/**
 * POST /verifier/rights-requests/{id}/resolve (issue 17): the organisation marks a data
 * principal's grievance or erasure request done, with an optional note the holder reads.
 * Resolving a resolved request again changes nothing and answers it as it is (idempotent).
 * The holder's activity log records the resolution once, in the same transaction:
 * `grievance_resolved` ('State Bank of India resolved your grievance about ...') or
 * `erasure_resolved`.
 *
 * Resolving an erasure request (DPDP Act s.12(3)) erases, in the same transaction, the claims
 * the organisation holds through this product for the consent: `eraseClaims` (the verifier's
 * eraser, verifier/erase-received-claims.ts, handed in by the route: this ledger never writes
 * the verifier's tables) is given the digest of the consent's accepted presentation (its
 * approval receipt's presentation_sha256, else that of the receipt sent with the request) and
 * answers what it erased, or that nothing was held. That answer is recorded on the request
 * (`erasure`), so the holder sees what was erased and when. A resolved request cannot claim an
 * erasure that did not happen.
 *
 * Input: { db, now, verifierId, requestId, note?, eraseClaims }. Output: core's
 * VerifierRightsRequest.
 * Errors: AppError 'rights_request_not_found' (404) when this organisation has no request with
 * that id (another organisation's included: its existence is not revealed); the eraser's.
 */
import type { RightsRequestErasure, VerifierRightsRequest } from '@pehchaan/core';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import { consentReceipts, rightsRequests, verifiers } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { selectVerifierRightsRequests } from './list-verifier-rights-requests';

/**
 * Erases what the organisation `verifierId` holds of the presentation with digest
 * `presentationSha256` (null: none was accepted), inside the transaction `db`, at `at`.
 */
export type EraseClaims = (input: {
  db: DbOrTx;
  verifierId: string;
  presentationSha256: string | null;
  at: Date;
}) => Promise<RightsRequestErasure>;

/** The digest of the consent's accepted presentation, as its receipts name it. */
async function presentationDigestOf(
  tx: DbOrTx,
  request: { userId: string; consentRequestId: string | null; receiptId: string | null },
): Promise<string | null> {
  if (request.consentRequestId) {
    const [approval] = await tx
      .select({ digest: consentReceipts.presentationSha256 })
      .from(consentReceipts)
      .where(
        and(
          eq(consentReceipts.userId, request.userId),
          eq(consentReceipts.consentRequestId, request.consentRequestId),
          eq(consentReceipts.event, 'approved'),
        ),
      )
      .orderBy(desc(consentReceipts.issuedAt))
      .limit(1);
    if (approval?.digest) return approval.digest;
  }
  if (!request.receiptId) return null;
  const [sent] = await tx
    .select({ digest: consentReceipts.presentationSha256 })
    .from(consentReceipts)
    .where(
      and(eq(consentReceipts.userId, request.userId), eq(consentReceipts.id, request.receiptId)),
    );
  return sent?.digest ?? null;
}

export async function resolveRightsRequest(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    verifierId: string;
    requestId: string;
    note?: string;
    eraseClaims: EraseClaims;
  },
): Promise<VerifierRightsRequest> {
  const mine = and(
    eq(rightsRequests.id, options.requestId),
    eq(rightsRequests.verifierId, options.verifierId),
  );
  return options.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(rightsRequests)
      .where(and(mine, eq(rightsRequests.status, 'open')))
      .for('update');
    if (open) {
      const at = options.now();
      const erasure =
        open.kind === 'erasure'
          ? await options.eraseClaims({
              db: tx,
              verifierId: options.verifierId,
              presentationSha256: await presentationDigestOf(tx, open),
              at,
            })
          : null;
      await tx
        .update(rightsRequests)
        .set({
          status: 'resolved',
          resolvedAt: at,
          resolutionNote: options.note ? options.note : null,
          erasure,
        })
        .where(eq(rightsRequests.id, open.id));
      const [verifier] = await tx
        .select({ name: verifiers.name })
        .from(verifiers)
        .where(eq(verifiers.id, open.verifierId));
      const type = open.kind === 'grievance' ? 'grievance_resolved' : 'erasure_resolved';
      await recordActivity({
        db: tx,
        now: options.now,
        userId: open.userId,
        type,
        message: {
          code: type,
          params: { requester: verifier?.name ?? '', purpose: open.purpose },
        },
      });
    }
    const [found] = await selectVerifierRightsRequests(tx, mine);
    if (!found) throw new AppError('rights_request_not_found', 'Request not found');
    return found;
  });
}
