/**
 * POST /user/{userId}/consent-requests/{id}/withdraw (DPDP Act s.6(4): the data
 * principal may withdraw consent at any time, as easily as it was given). SPEC 4's decision
 * stays final; withdrawal is a later state of an approved consent (DECISIONS 7).
 *
 * In one transaction:
 * - the ledger's move `withdraw` (consent/ledger.ts transition): approved to withdrawn (of two
 *   withdrawals at once, the second answers 409), stamping withdrawn_at and withdrawn_by (the
 *   holder's user id; the decision's status_updated_at/by stay); every use made under it stops
 *   (share links made under it withdrawn, the claims the product-hosted verifier received from
 *   its approval erased); 'Withdrew consent from {requester} for {purpose}'
 *   (consent_withdrawn) is logged and the withdrawal's consent receipt issued;
 * - when the verifier (a registered organisation, by the DID of its client_id) registered a
 *   notification URL, signs the withdrawal notice (lib/withdrawal-notice.ts) and puts it in the
 *   durable outbox (table withdrawal_notices), which the server delivers with retries
 *   (deliver-withdrawal-notices.ts).
 *
 * The withdrawal time is `withdrawnAt` (the holder's clock: a withdrawal made offline and sent
 * later by the outbox) when it is neither after now nor before the approval; else now.
 *
 * Input: { ...deps, userId, consentRequestId, withdrawnAt? }.
 * Output: { consentRequest (status 'withdrawn', with the erasure and the notice), activityLog,
 * consentReceipt }.
 * Errors: AppError 'consent_request_not_found' (404; also for another holder's id, so ids are
 * not confirmed); 409 'consent_already_withdrawn', 'consent_not_approved' (pending or
 * rejected), 'consent_expired' (past its validity).
 */
import type { ActivityLog, ConsentReceiptRecord, ConsentRequest } from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/create-db';
import { verifiers, withdrawalNotices } from '../db/schema';
import { presentationOfConsent } from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { newId } from '../lib/ids';
import { toConsentRequest } from '../lib/records';
import { DID_CLIENT_ID_PREFIX } from '../lib/verifier-keys';
import { loadWalletKey } from '../lib/wallet-keys';
import { signWithdrawalNotice } from '../lib/withdrawal-notice';
import { expireConsents } from './expire-consents';
import { findConsentRequest, transition } from './ledger';

export interface WithdrawConsentOptions extends ServiceDeps {
  userId: string;
  consentRequestId: string;
  /** When the holder withdrew, by their device's clock; used only if plausible (see above). */
  withdrawnAt?: Date;
}

export interface ConsentWithdrawalResult {
  consentRequest: ConsentRequest;
  activityLog: ActivityLog;
  consentReceipt: ConsentReceiptRecord;
}

async function queueNotice(
  tx: Tx,
  options: WithdrawConsentOptions,
  consent: { id: string; purpose: string },
  withdrawnAt: Date,
) {
  const found = await presentationOfConsent(tx, consent.id);
  if (!found?.row.clientId.startsWith(DID_CLIENT_ID_PREFIX)) return null;
  const did = found.row.clientId.slice(DID_CLIENT_ID_PREFIX.length);
  const [verifier] = await tx.select().from(verifiers).where(eq(verifiers.did, did));
  if (!verifier?.notificationUrl) return null;
  const now = options.now();
  const state = found.row.request.state;
  const notice = await signWithdrawalNotice({
    key: await loadWalletKey({ ...options, db: tx }, 'withdrawal-notice'),
    audience: found.row.clientId,
    event: {
      consentId: consent.id,
      nonce: found.row.nonce,
      state: typeof state === 'string' ? state : undefined,
      purpose: consent.purpose,
      withdrawnAt,
    },
    now,
  });
  const [row] = await tx
    .insert(withdrawalNotices)
    .values({
      id: newId('notice'),
      userId: options.userId,
      consentRequestId: consent.id,
      verifierId: verifier.id,
      url: verifier.notificationUrl,
      notice,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return row ?? null;
}

export async function withdrawConsent(
  options: WithdrawConsentOptions,
): Promise<ConsentWithdrawalResult> {
  const { db, consentRequestId } = options;
  // A consent past its validity is expired first: it answers consent_expired, not a withdrawal.
  await expireConsents(options);
  return db.transaction(async (tx) => {
    const found = await findConsentRequest(tx, options);
    const now = options.now();
    const approvedAt = found?.row.statusUpdatedAt?.getTime() ?? 0;
    const offered = options.withdrawnAt?.getTime();
    const withdrawnAt =
      offered !== undefined && offered <= now.getTime() && offered >= approvedAt
        ? (options.withdrawnAt as Date)
        : now;
    const moved = await transition({
      ...options,
      db: tx,
      move: 'withdraw',
      at: withdrawnAt,
    });
    const { row, activityLog, consentReceipt } = moved;
    if (!activityLog || !consentReceipt) throw new Error('A withdrawal is logged and receipted');
    const notice = await queueNotice(tx, options, row, withdrawnAt);
    const details = await presentationOfConsent(tx, consentRequestId);
    return {
      consentRequest: toConsentRequest(row, details?.presentation, {
        notice,
        verifierErasedAt: moved.verifierErasedAt ?? null,
      }),
      activityLog,
      consentReceipt,
    };
  });
}
