/**
 * GET /verifier/requests with the portal's API key: the organisation's OpenID4VP requests,
 * newest first, a page at a time (`next_cursor`), optionally of one status (docs/api-contract.md
 * "Verifiers (OpenID4VP)"). Each entry is what GET /verifier/requests/{id} answers. This is the
 * portal's history, read from the server, so it survives a reload. Refreshed every 30 seconds
 * (REFRESH_INTERVAL_MS); a new request or a status seen changing invalidates it
 * (`invalidateVerifierRequests`).
 */
import {
  type VerifierRequestList,
  type VerifierRequestStatus,
  verifierRequestListSchema,
} from '@pehchaan/core';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { apiKeyPrefix } from '../api-key-store';

/** How many requests one page holds. */
export const REQUESTS_PAGE_SIZE = 10;

/** The list's filter: one status, or every request. */
export type RequestFilter = VerifierRequestStatus | 'all';

/** @throws {ApiError} 'unauthenticated', 'invalid_request', ERR_NETWORK. */
export function listVerifierRequests(
  apiKey: string,
  filter: RequestFilter,
  cursor: string | null,
): Promise<VerifierRequestList> {
  return api.get('/verifier/requests', {
    schema: verifierRequestListSchema,
    bearer: apiKey,
    authRedirect: false,
    query: {
      limit: String(REQUESTS_PAGE_SIZE),
      status: filter === 'all' ? undefined : filter,
      cursor: cursor ?? undefined,
    },
  });
}

/** The history query of `filter`: pages of REQUESTS_PAGE_SIZE, newest first. */
export function verifierRequestsQuery(apiKey: string, filter: RequestFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.verifierRequests(apiKeyPrefix(apiKey), filter),
    queryFn: ({ pageParam }) => listVerifierRequests(apiKey, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

/** Marks every filter's history of this key stale (a request was created or changed). */
export function invalidateVerifierRequests(queryClient: QueryClient, apiKey: string) {
  return queryClient.invalidateQueries({
    queryKey: ['verifier', apiKeyPrefix(apiKey), 'request-list'],
  });
}
