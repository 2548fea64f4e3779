/**
 * POST /user/{userId}/consent-requests/{id}/withdraw (issue 17; DPDP Act s.6(4): the data
 * principal may withdraw consent at any time, as easily as it was given). SPEC 4's decision
 * stays final; withdrawal is a later state of an approved consent (DECISIONS 7).
 *
 * In one transaction:
 * - moves the consent from approved to withdrawn (a conditional UPDATE: of two withdrawals at
 *   once, the second answers 409), stamping withdrawn_at and withdrawn_by (the holder's user id;
 *   the decision's status_updated_at/by stay);
 * - stops every use made under it (lib/consent-lifecycle.ts stopConsentUse): share links made
 *   under it are withdrawn, and the claims the product-hosted verifier holds for the request it
 *   answered are erased, that request reading 'withdrawn' at the verifier;
 * - when the verifier (a registered organisation, by the DID of its client_id) registered a
 *   notification URL, signs the withdrawal notice (lib/withdrawal-notice.ts) and puts it in the
 *   durable outbox (table withdrawal_notices), which the server delivers with retries
 *   (deliver-withdrawal-notices.ts);
 * - writes 'Withdrew consent from {requester} for {purpose}' (consent_withdrawn);
 * - issues the withdrawal's consent receipt (issue-consent-receipt.ts, event 'withdrawn'), so the
 *   withdrawal never stands without its receipt.
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
import {
  type ActivityLog,
  type ConsentReceiptRecord,
  type ConsentRequest,
  consentEventMessage,
  MESSAGES,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/create-db';
import { consentRequests, verifiers, withdrawalNotices } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import {
  CONSENT_NOT_IN_FORCE,
  presentationOfConsent,
  stopConsentUse,
} from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { toConsentRequest } from '../lib/records';
import { DID_CLIENT_ID_PREFIX } from '../lib/verifier-keys';
import { loadWalletKey } from '../lib/wallet-keys';
import { signWithdrawalNotice } from '../lib/withdrawal-notice';
import { expireConsents } from './expire-consents';
import { issueConsentReceipt } from './issue-consent-receipt';

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

/** Why a consent in `status` cannot be withdrawn. */
function refusal(status: string): AppError {
  if (status === 'withdrawn') {
    return new AppError('consent_already_withdrawn', CONSENT_NOT_IN_FORCE.alreadyWithdrawn);
  }
  if (status === 'expired') return new AppError('consent_expired', CONSENT_NOT_IN_FORCE.expired);
  return new AppError('consent_not_approved', CONSENT_NOT_IN_FORCE.notApproved(status));
}

/**
 * Queues the signed notice when the consent was given to a registered verifier with a
 * notification URL. @returns the outbox row, or null.
 */
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
  const { db, userId, consentRequestId } = options;
  // A consent past its validity is expired first: it answers consent_expired, not a withdrawal.
  await expireConsents(options);
  return db.transaction(async (tx) => {
    const mine = and(eq(consentRequests.id, consentRequestId), eq(consentRequests.userId, userId));
    const [current] = await tx.select().from(consentRequests).where(mine);
    if (!current) throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
    if (current.status !== 'approved') throw refusal(current.status);

    const now = options.now();
    const approvedAt = current.statusUpdatedAt?.getTime() ?? 0;
    const offered = options.withdrawnAt?.getTime();
    const withdrawnAt =
      offered !== undefined && offered <= now.getTime() && offered >= approvedAt
        ? (options.withdrawnAt as Date)
        : now;
    const [row] = await tx
      .update(consentRequests)
      .set({ status: 'withdrawn', withdrawnAt, withdrawnBy: userId })
      .where(and(mine, eq(consentRequests.status, 'approved')))
      .returning();
    if (!row) {
      // A concurrent withdrawal (or expiry) committed first.
      const [now2] = await tx
        .select({ status: consentRequests.status })
        .from(consentRequests)
        .where(mine);
      throw refusal(now2?.status ?? 'withdrawn');
    }

    const verifierErasedAt = await stopConsentUse(tx, {
      consentRequestId,
      at: withdrawnAt,
      reason: 'withdrawn',
    });
    const notice = await queueNotice(tx, options, row, withdrawnAt);
    const activityLog = await recordActivity({
      db: tx,
      now: () => withdrawnAt,
      userId,
      type: 'consent_withdrawn',
      message: consentEventMessage('consent_withdrawn', row),
    });
    const consentReceipt = await issueConsentReceipt({
      ...options,
      db: tx,
      userId,
      consentRequestId,
      event: 'withdrawn',
      at: withdrawnAt,
    });
    const found = await presentationOfConsent(tx, consentRequestId);
    return {
      consentRequest: toConsentRequest(row, found?.presentation, { notice, verifierErasedAt }),
      activityLog,
      consentReceipt,
    };
  });
}
