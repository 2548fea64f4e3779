/**
 * GET /verifier/me with the portal's API key: the organisation and its registered purposes
 * (docs/api-contract.md "Verifiers (OpenID4VP)"). Also the portal's sign-in check: a key the
 * server refuses fails with the problem 'unauthenticated'.
 */
import { type VerifierOrganisation, verifierOrganisationSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { apiKeyPrefix } from '../api-key-store';

/**
 * @throws {ApiError} HTTP_ERROR 'unauthenticated' for a key the server does not accept;
 *   ERR_NETWORK when the server is unreachable.
 */
export function getVerifierOrganisation(apiKey: string): Promise<VerifierOrganisation> {
  return api.get('/verifier/me', {
    schema: verifierOrganisationSchema,
    bearer: apiKey,
    authRedirect: false,
  });
}

/** The organisation's query; read once per sign-in (it changes only when an admin edits it). */
export function verifierOrganisationQuery(apiKey: string) {
  return queryOptions({
    queryKey: queryKeys.verifierOrganisation(apiKeyPrefix(apiKey)),
    queryFn: () => getVerifierOrganisation(apiKey),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
