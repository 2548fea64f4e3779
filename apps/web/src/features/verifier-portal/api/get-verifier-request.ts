/**
 * GET /verifier/requests/{id} with the portal's API key: the request's status, verified claims
 * and checks (docs/api-contract.md "Verifiers (OpenID4VP)"). Polled every 2 s while pending
 * (the holder answers on another device); while shared every 5 s, since the holder may
 * withdraw the consent (issue 17: it then reads 'withdrawn', its claims erased); declined,
 * failed, expired, withdrawn and consent_expired never change, so polling stops there.
 */
import { type VerifierRequestAnswer, verifierRequestAnswerSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { apiKeyPrefix } from '../api-key-store';

/** How often a pending request's status is read again (ms). */
export const STATUS_POLL_MS = 2000;
/** How often a shared request's status is read again (ms): a withdrawal can come at any time. */
export const SHARED_POLL_MS = 5000;

/** @throws {ApiError} 'verifier_request_not_found', 'unauthenticated', ERR_NETWORK. */
export function getVerifierRequest(
  apiKey: string,
  requestId: string,
): Promise<VerifierRequestAnswer> {
  return api.get(`/verifier/requests/${encodeURIComponent(requestId)}`, {
    schema: verifierRequestAnswerSchema,
    bearer: apiKey,
    authRedirect: false,
  });
}

/**
 * The status query: refetched every STATUS_POLL_MS while pending (or not yet read), every
 * SHARED_POLL_MS while shared, then not.
 */
export function verifierRequestQuery(apiKey: string, requestId: string) {
  return queryOptions({
    queryKey: queryKeys.verifierRequest(apiKeyPrefix(apiKey), requestId),
    queryFn: () => getVerifierRequest(apiKey, requestId),
    refetchInterval: (query) => {
      const status = query.state.data?.status ?? 'pending';
      if (status === 'pending') return STATUS_POLL_MS;
      return status === 'shared' ? SHARED_POLL_MS : false;
    },
    // Keep watching while the officer looks at the phone, not at this tab.
    refetchIntervalInBackground: true,
  });
}
