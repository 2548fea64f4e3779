/**
 * GET /user/{userId}/consent-requests (SPEC 7) with the local fallback of SPEC 1 (storage key
 * `consentRequests`). A non-empty API answer refreshes the local copy; decisions made on this
 * device and not yet synced (`pending_sync`) stay over the server's still-pending copy.
 * `getConsentRequestsQueryOptions` is its one cache entry.
 */
import {
  type ConsentRequest,
  consentRequestListSchema,
  consentRequestSchema,
} from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Sourced, withLocalFallback } from '@/lib/local-fallback';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import {
  readList,
  replaceUserRecords,
  STORAGE_KEYS,
  stampUserRecordsSeen,
  writeJson,
} from '@/lib/storage';
import { keepUnsyncedDecisions } from '@/lib/sync/unsynced';
import { migrateConsentRequests } from '../consent-records';

/**
 * The holder's consent requests kept in browser storage. Requests stored under another user id
 * become the holder's (SPEC 6, local data only) and are written back so; records that do not
 * parse are dropped by that rewrite.
 */
export function readLocalConsentRequests(userId: string): ConsentRequest[] {
  const stored = readList(STORAGE_KEYS.consentRequests, consentRequestSchema);
  const { requests, migrated } = migrateConsentRequests(stored, userId);
  if (migrated > 0) writeJson(STORAGE_KEYS.consentRequests, requests);
  return requests;
}

/** Stores the holder's consent requests (other holders' records stay). */
export function writeLocalConsentRequests(
  userId: string,
  requests: readonly ConsentRequest[],
): boolean {
  return replaceUserRecords(STORAGE_KEYS.consentRequests, userId, requests);
}

/**
 * Stamps the holder's stored consent requests as viewed at `at` (ISO 8601; SPEC 4 seen-state: a
 * visit to /consent or the bell's Clear All), so the bell reads the same when it falls back to
 * them. @returns false when the browser refused to store.
 */
export function stampConsentRequestsSeen(userId: string, at: string): boolean {
  return stampUserRecordsSeen(STORAGE_KEYS.consentRequests, userId, at);
}

/**
 * Puts one request into the holder's local copy, replacing the stored one with its id.
 * @returns false when the browser refused to store.
 */
export function storeLocalConsentRequest(userId: string, request: ConsentRequest): boolean {
  const list = readLocalConsentRequests(userId);
  const at = list.findIndex((r) => r.id === request.id);
  const next = at === -1 ? [...list, request] : list.with(at, request);
  return writeLocalConsentRequests(userId, next);
}

/** Never rejects: an API failure answers the local copy with source 'localStorage'. */
export function getConsentRequests(userId: string): Promise<Sourced<ConsentRequest[]>> {
  return withLocalFallback(
    async () => {
      const answer = await api.get(`/user/${encodeURIComponent(userId)}/consent-requests`, {
        schema: consentRequestListSchema,
      });
      const requests = keepUnsyncedDecisions(
        answer.consent_requests,
        readLocalConsentRequests(userId),
      );
      if (requests.length > 0) {
        writeLocalConsentRequests(userId, requests);
      }
      return requests;
    },
    () => readLocalConsentRequests(userId),
  );
}

/**
 * The holder's consent requests in the query cache: key `['consent-requests', userId]`,
 * refreshed every 30 seconds while shown (SPEC 9); read by /consent, /dashboard and the bell.
 */
export function getConsentRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.consentRequests(userId),
    queryFn: () => getConsentRequests(userId),
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}
