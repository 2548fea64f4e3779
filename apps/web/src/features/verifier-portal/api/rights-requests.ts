/**
 * The organisation's side of data principals' grievances (DPDP Act s.13) and erasure requests
 * (s.12(3)), issue 17, with the portal's API key:
 * - `verifierRightsRequestsQuery`: GET /verifier/rights-requests, refreshed every 30 seconds;
 * - `useResolveRightsRequest`: POST /verifier/rights-requests/{id}/resolve with a note, then the
 *   list is refetched.
 */
import {
  type VerifierRightsRequest,
  verifierRightsRequestAnswerSchema,
  verifierRightsRequestListSchema,
} from '@pehchaan/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { apiKeyPrefix } from '../api-key-store';

export function verifierRightsRequestsQuery(apiKey: string) {
  return queryOptions({
    queryKey: queryKeys.verifierRightsRequests(apiKeyPrefix(apiKey)),
    queryFn: async () =>
      (
        await api.get('/verifier/rights-requests', {
          schema: verifierRightsRequestListSchema,
          bearer: apiKey,
          authRedirect: false,
        })
      ).rights_requests,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

/** @throws {ApiError} 'rights_request_not_found', 'unauthenticated', ERR_NETWORK. */
export function useResolveRightsRequest(apiKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { id: string; note: string }): Promise<VerifierRightsRequest> =>
      (
        await api.post(
          `/verifier/rights-requests/${encodeURIComponent(variables.id)}/resolve`,
          variables.note.trim() ? { note: variables.note.trim() } : {},
          { schema: verifierRightsRequestAnswerSchema, bearer: apiKey, authRedirect: false },
        )
      ).rights_request,
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.verifierRightsRequests(apiKeyPrefix(apiKey)),
      }),
  });
}
