/**
 * GET /user/{userId}/consent-requests (SPEC 7) with the local fallback of SPEC 1 (storage key
 * `consentRequests`). A non-empty API answer refreshes the local copy.
 */
import {
  type ConsentRequest,
  consentRequestListSchema,
  consentRequestSchema,
} from '@pehchaan/core';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { readList, replaceUserRecords, STORAGE_KEYS } from '@/lib/storage';

/** The holder's consent requests kept in browser storage. */
export function readLocalConsentRequests(userId: string): ConsentRequest[] {
  return readList(STORAGE_KEYS.consentRequests, consentRequestSchema).filter(
    (r) => r.userId === userId,
  );
}

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getConsentRequests(userId: string): Promise<Sourced<ConsentRequest[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/consent-requests`, {
        schema: consentRequestListSchema,
      });
      if (answer.consent_requests.length > 0) {
        replaceUserRecords(STORAGE_KEYS.consentRequests, userId, answer.consent_requests);
      }
      return answer.consent_requests;
    },
    () => readLocalConsentRequests(userId),
  );
}
