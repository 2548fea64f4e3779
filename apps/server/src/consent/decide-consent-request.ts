/**
 * POST /user/{userId}/consent-requests/{id}/approve and .../reject (SPEC 4 Consent request status,
 * DECISIONS 6): the data principal's decision on a data fiduciary's pending request.
 *
 * In one transaction: moves the request from pending to approved or rejected, stamps
 * status_updated_at (the decision time, see below) and status_updated_by (the deciding holder's user id, since the session
 * proved who decided), and writes the activity entry 'Approved consent request from {requester}
 * for {purpose}' (consent_approved) or 'Rejected ...' (consent_rejected).
 * The move is a conditional UPDATE (`status = 'pending'`), so two concurrent decisions cannot both
 * win: the second finds nothing pending and answers 409.
 *
 * The decision time is `decidedAt` (the holder's own clock, e.g. a decision made offline and sent
 * later) when it is neither after now nor before the request's requested_at; else now
 * (a device clock may be off, and the decision stands either way). The activity entry carries
 * the same time.
 *
 * In the same transaction it issues the decision's consent receipt (issue 17,
 * issue-consent-receipt.ts; ISO/IEC TS 27560 with DPV), so a decision never stands without its
 * receipt: `receipt.presentation` is what an approval disclosed, `receipt.noticeLanguage` the
 * language the holder read the request in.
 *
 * An approval starts the consent's validity (issue 17): valid_until = decision time + the
 * request's validity days (lib/consent-lifecycle.ts consentValidityDays). When the approval
 * delivered a presentation the verifier verified (`presented`, answer-consent-request.ts), that
 * is the consent's first use (uses 1, last_used_at = the decision time) and the product-hosted
 * verifier request it answered, if any, is remembered (linkHostedVerifierRequest).
 *
 * Input: { db, now, vault, publicOrigin, consentRegistry, userId, consentRequestId,
 * decision: 'approve' | 'reject', decidedAt?, presented?, receipt? }.
 * Output: { consentRequest, activityLog, consentReceipt } (the decided request, its log entry
 * and its receipt).
 * Errors: AppError 'consent_request_not_found' (404, 'Consent request not found') when the holder
 * has no such request (another holder's id answers the same, so ids are not confirmed);
 * 'consent_already_decided' (409) when it was already approved or rejected.
 */
import {
  type ActivityLog,
  type ConsentDecision,
  type ConsentReceiptRecord,
  type ConsentRequest,
  MESSAGES,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { consentRequests } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import {
  consentValidityDays,
  linkHostedVerifierRequest,
  presentationOfConsent,
  validUntilOf,
} from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { toConsentRequest } from '../lib/records';
import { type IssueConsentReceiptOptions, issueConsentReceipt } from './issue-consent-receipt';

export interface DecideConsentRequestOptions
  extends Pick<ServiceDeps, 'db' | 'now' | 'vault' | 'publicOrigin' | 'consentRegistry'> {
  userId: string;
  consentRequestId: string;
  decision: ConsentDecision;
  /** When the holder decided, by their device's clock; used only if plausible (see above). */
  decidedAt?: Date;
  /** What the decision's receipt records beyond the request: see issueConsentReceipt. */
  receipt?: Pick<IssueConsentReceiptOptions, 'presentation' | 'noticeLanguage'>;
  /** Approve only: a presentation was delivered and verified (the consent's first use). */
  presented?: boolean;
}

export interface ConsentDecisionResult {
  consentRequest: ConsentRequest;
  activityLog: ActivityLog;
  consentReceipt: ConsentReceiptRecord;
}

const OUTCOME = {
  approve: { status: 'approved', type: 'consent_approved' },
  reject: { status: 'rejected', type: 'consent_rejected' },
} as const;

export async function decideConsentRequest(
  options: DecideConsentRequestOptions,
): Promise<ConsentDecisionResult> {
  const { db, userId, consentRequestId, decision } = options;
  const outcome = OUTCOME[decision];
  return db.transaction(async (tx) => {
    const mine = and(eq(consentRequests.id, consentRequestId), eq(consentRequests.userId, userId));
    const now = options.now();
    let decidedAt = now;
    if (options.decidedAt && options.decidedAt.getTime() <= now.getTime()) {
      const [pending] = await tx
        .select({ requestedAt: consentRequests.requestedAt })
        .from(consentRequests)
        .where(and(mine, eq(consentRequests.status, 'pending')));
      if (pending && options.decidedAt.getTime() >= pending.requestedAt.getTime()) {
        decidedAt = options.decidedAt;
      }
    }
    let approval: Partial<typeof consentRequests.$inferInsert> = {};
    if (decision === 'approve') {
      const [request] = await tx
        .select({ validityDays: consentRequests.validityDays })
        .from(consentRequests)
        .where(mine);
      const days = request
        ? consentValidityDays(
            request,
            (await presentationOfConsent(tx, consentRequestId))?.presentation,
          )
        : 0;
      approval = {
        validityDays: days,
        validUntil: validUntilOf(decidedAt, days),
        ...(options.presented ? { uses: 1, lastUsedAt: decidedAt } : {}),
      };
    }
    const [row] = await tx
      .update(consentRequests)
      .set({
        status: outcome.status,
        statusUpdatedAt: decidedAt,
        statusUpdatedBy: userId,
        ...approval,
      })
      .where(and(mine, eq(consentRequests.status, 'pending')))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ status: consentRequests.status })
        .from(consentRequests)
        .where(mine);
      if (!existing) {
        throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
      }
      throw new AppError(
        'consent_already_decided',
        MESSAGES.consentAlreadyDecided(existing.status),
      );
    }
    if (options.presented && decision === 'approve') {
      await linkHostedVerifierRequest(tx, consentRequestId);
    }
    const activityLog = await recordActivity({
      db: tx,
      now: () => decidedAt,
      userId,
      type: outcome.type,
      message: {
        code: outcome.type,
        params: { requester: row.requester, purpose: row.purpose },
      },
    });
    const consentReceipt = await issueConsentReceipt({
      ...options,
      ...options.receipt,
      db: tx,
      event: row.status === 'approved' ? 'approved' : 'rejected',
      at: decidedAt,
    });
    return { consentRequest: toConsentRequest(row), activityLog, consentReceipt };
  });
}
