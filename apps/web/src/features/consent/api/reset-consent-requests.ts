/**
 * Reset Requests (SPEC 2 Consent Management): POST /user/{userId}/consent-requests/reset restores
 * the three seeded requests (a bank, a telecom operator, an insurer) to pending for this holder
 * only, and the local copy takes the server's list (dropping decisions not yet synced: the reset
 * is the known state). When the API cannot be used at all, the three sample pending requests are
 * restored in browser storage instead, the holder's other stored requests left as they are.
 * Either way, decisions on those three still queued in the outbox are dropped: the
 * reset undoes them, so they must not reach the server afterwards.
 */
import { type ConsentRequest, consentResetAnswerSchema } from '@pehchaan/core';
import { dropLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import { discardOutboxEntries } from '@/lib/sync/outbox';
import { sampleConsentRequests } from '../consent-records';
import { consentDecisionOutboxLocalSchema } from './decide-consent-request';
import { readLocalConsentRequests, writeLocalConsentRequests } from './get-consent-requests';

export interface ConsentResetResult {
  source: 'api' | 'localStorage';
  /** The holder's requests after the reset. */
  requests: ConsentRequest[];
}

/** Drops the queued decisions on the requests `ids`, and their local activity entries. */
function discardQueuedDecisions(userId: string, ids: ReadonlySet<string>): void {
  const logIds: string[] = [];
  discardOutboxEntries(userId, 'consent_decision', (entry) => {
    const local = consentDecisionOutboxLocalSchema.safeParse(entry.local);
    if (!local.success || !ids.has(local.data.requestId)) return false;
    logIds.push(local.data.logId);
    return true;
  });
  dropLocalActivity(logIds);
}

/**
 * @throws {ApiError} an HTTP or bad-answer failure of the reset call (never for an unreachable
 *   API, which resets locally).
 */
export async function resetConsentRequests(options: {
  userId: string;
  now?: Date;
}): Promise<ConsentResetResult> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const samples = sampleConsentRequests(now, userId);
  const ids = new Set(samples.map((r) => r.id));
  try {
    const answer = await api.post(
      `/user/${encodeURIComponent(userId)}/consent-requests/reset`,
      undefined,
      { schema: consentResetAnswerSchema },
    );
    writeLocalConsentRequests(userId, answer.consent_requests);
    discardQueuedDecisions(userId, ids);
    return { source: 'api', requests: answer.consent_requests };
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    const requests = [
      ...samples,
      ...readLocalConsentRequests(userId).filter((r) => !ids.has(r.id)),
    ];
    writeLocalConsentRequests(userId, requests);
    discardQueuedDecisions(userId, ids);
    return { source: 'localStorage', requests };
  }
}
