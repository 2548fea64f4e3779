/**
 * POST /user/{userId}/rights-requests (issue 17; docs/api-contract.md "Grievances and erasure
 * requests"): the data principal sends the data fiduciary of one of their consents a grievance
 * (DPDP Act s.13: the fiduciary must answer it) or an erasure request (s.12(3)), with the
 * consent's receipt. The organisation must be a registered verifier: it reads the request in
 * the verifier portal and marks it resolved. It learns the holder only as the pseudonymous data
 * principal id of its receipts. The holder's activity log records it in the same transaction:
 * `grievance_sent` ('Sent a grievance to State Bank of India about Open savings account') or
 * `erasure_requested` ('Asked ... to erase your data held for ...').
 *
 * Input: { db, now, userId, kind, consentRequestId, receiptId?, message }.
 * Output: core's RightsRequest.
 * Errors: AppError 'consent_request_not_found' (404: not this holder's);
 * 'consent_receipt_not_found' (404: the receipt is not one of this consent's, or the consent has
 * none yet, being undecided); 'data_fiduciary_not_registered' (422: the organisation is not a
 * registered verifier, so nothing can be delivered to it; the detail names its grievance
 * contact when known).
 */
import { type RightsRequest, type RightsRequestKind, readConsentReceipt } from '@pehchaan/core';
import { and, desc, eq } from 'drizzle-orm';
import { consentReceipts, consentRequests, rightsRequests, verifiers } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { rightsRequestOf } from './list-rights-requests';

export async function sendRightsRequest(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    userId: string;
    kind: RightsRequestKind;
    consentRequestId: string;
    receiptId?: string;
    message: string;
  },
): Promise<RightsRequest> {
  const { db, userId } = options;
  const [consent] = await db
    .select({ id: consentRequests.id, purpose: consentRequests.purpose })
    .from(consentRequests)
    .where(
      and(eq(consentRequests.id, options.consentRequestId), eq(consentRequests.userId, userId)),
    );
  if (!consent) throw new AppError('consent_request_not_found', 'Consent request not found');
  const [receipt] = await db
    .select()
    .from(consentReceipts)
    .where(
      and(
        eq(consentReceipts.userId, userId),
        eq(consentReceipts.consentRequestId, consent.id),
        ...(options.receiptId ? [eq(consentReceipts.id, options.receiptId)] : []),
      ),
    )
    .orderBy(desc(consentReceipts.issuedAt))
    .limit(1);
  const view = receipt ? readConsentReceipt(receipt.document) : null;
  if (!receipt || !view) {
    throw new AppError(
      'consent_receipt_not_found',
      'This consent has no receipt yet: a request can be sent once you have decided on it.',
    );
  }
  if (!receipt.verifierId) {
    const contact = view.dataFiduciary.contact;
    throw new AppError(
      'data_fiduciary_not_registered',
      contact
        ? `${view.dataFiduciary.name} does not receive requests through Pehchaan. Write to ${contact}.`
        : `${view.dataFiduciary.name} does not receive requests through Pehchaan.`,
    );
  }
  const { verifierId } = receipt;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rightsRequests)
      .values({
        id: newId('rights'),
        userId,
        verifierId,
        kind: options.kind,
        consentRequestId: consent.id,
        receiptId: receipt.id,
        dataPrincipal: view.dataPrincipal,
        purpose: consent.purpose,
        message: options.message,
        status: 'open',
        createdAt: options.now(),
      })
      .returning();
    const [verifier] = await tx
      .select({ name: verifiers.name })
      .from(verifiers)
      .where(eq(verifiers.id, verifierId));
    if (!row) throw new Error('The request was not stored');
    const organisation = verifier?.name ?? receipt.dataFiduciary;
    const type = options.kind === 'grievance' ? 'grievance_sent' : 'erasure_requested';
    await recordActivity({
      db: tx,
      now: options.now,
      userId,
      type,
      message: { code: type, params: { requester: organisation, purpose: consent.purpose } },
    });
    return rightsRequestOf(row, organisation);
  });
}
