/**
 * Reset Requests (SPEC 2 Consent Management): POST /user/{userId}/consent-requests/reset restores
 * the three seeded requests (a bank, a telecom operator, an insurer) to pending for this holder
 * only, and the local copy takes the server's list (dropping decisions not yet synced: the reset
 * is the known state). When the API cannot be used at all, the three sample pending requests are
 * restored in browser storage instead, the holder's other stored requests left as they are.
 */
import { type ConsentRequest, consentResetAnswerSchema } from '@pehchaan/core';
import { api, isApiUnavailable } from '@/lib/api-client';
import { sampleConsentRequests } from '../consent-records';
import { readLocalConsentRequests, writeLocalConsentRequests } from './get-consent-requests';

export interface ConsentResetResult {
  source: 'api' | 'localStorage';
  /** The holder's requests after the reset. */
  requests: ConsentRequest[];
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
  try {
    const answer = await api.post(
      `/user/${encodeURIComponent(userId)}/consent-requests/reset`,
      undefined,
      { schema: consentResetAnswerSchema },
    );
    writeLocalConsentRequests(userId, answer.consent_requests);
    return { source: 'api', requests: answer.consent_requests };
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    const samples = sampleConsentRequests(options.now ?? new Date(), userId);
    const ids = new Set(samples.map((r) => r.id));
    const requests = [
      ...samples,
      ...readLocalConsentRequests(userId).filter((r) => !ids.has(r.id)),
    ];
    writeLocalConsentRequests(userId, requests);
    return { source: 'localStorage', requests };
  }
}
