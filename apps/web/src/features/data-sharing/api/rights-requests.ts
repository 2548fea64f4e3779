/**
 * The holder's grievances (DPDP Act s.13) and erasure requests (s.12(3)) to an organisation
 * (issue 17, docs/api-contract.md "Grievances and erasure requests"):
 * - `getRightsRequestsQueryOptions`: GET /user/{userId}/rights-requests, key
 *   `['rights-requests', userId]`, refreshed every 30 seconds while shown (the organisation
 *   answers from its portal);
 * - `useSendRightsRequest`: POST /user/{userId}/rights-requests, then the list is refetched.
 * Server only (the organisation reads it there): no offline path.
 */
import {
  type NewRightsRequest,
  type RightsRequest,
  rightsRequestAnswerSchema,
  rightsRequestListSchema,
} from '@pehchaan/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { REFRESH_INTERVAL_MS } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** @throws {ApiError} when the API is unreachable, disabled or refuses. */
export async function getRightsRequests(userId: string): Promise<RightsRequest[]> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/rights-requests`, {
    schema: rightsRequestListSchema,
  });
  return answer.rights_requests;
}

export function getRightsRequestsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.rightsRequests(userId),
    queryFn: () => getRightsRequests(userId),
    refetchInterval: REFRESH_INTERVAL_MS,
    enabled: env.USE_API,
  });
}

/**
 * Sends a grievance or an erasure request.
 * @throws {ApiError} 404 consent_request_not_found / consent_receipt_not_found, 422
 *   data_fiduciary_not_registered (the detail names the organisation's contact), unreachable.
 */
export async function sendRightsRequest(
  userId: string,
  body: NewRightsRequest,
): Promise<RightsRequest> {
  const answer = await api.post(`/user/${encodeURIComponent(userId)}/rights-requests`, body, {
    schema: rightsRequestAnswerSchema,
  });
  return answer.rights_request;
}

/**
 * `sendRightsRequest` as a mutation that refetches the holder's requests and activity log (the
 * server logged the request: grievance_sent or erasure_requested).
 */
export function useSendRightsRequest(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRightsRequest) => sendRightsRequest(userId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rightsRequests(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) }),
      ]),
  });
}
