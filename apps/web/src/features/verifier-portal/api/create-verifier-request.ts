/**
 * POST /verifier/requests with the portal's API key: a pending OpenID4VP request for one
 * registered purpose and a DCQL query (docs/api-contract.md "Verifiers (OpenID4VP)").
 */
import {
  type CreateVerifierRequestAnswer,
  createVerifierRequestAnswerSchema,
  type DcqlQuery,
} from '@pehchaan/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CreateVerifierRequestInput {
  apiKey: string;
  purpose: string;
  dcqlQuery: DcqlQuery;
}

/**
 * @returns the request's id, request_uri, openid4vp_url, wallet_url and expires_at.
 * @throws {ApiError} HTTP_ERROR with 'purpose_not_registered', 'claims_outside_purpose',
 *   'invalid_request' or 'unauthenticated' (its `detail` is shown); ERR_NETWORK.
 */
export function createVerifierRequest(
  input: CreateVerifierRequestInput,
): Promise<CreateVerifierRequestAnswer> {
  return api.post(
    '/verifier/requests',
    { purpose: input.purpose, dcql_query: input.dcqlQuery },
    { schema: createVerifierRequestAnswerSchema, bearer: input.apiKey, authRedirect: false },
  );
}

/** The mutation the request form runs. */
export function useCreateVerifierRequest() {
  return useMutation({ mutationFn: createVerifierRequest });
}
