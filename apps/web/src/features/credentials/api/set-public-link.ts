/**
 * PUT /user/{userId}/credentials/{id}/public-link (DECISIONS 9.6, docs/api-contract.md): turns the
 * credential's bare link /verify/{id} on or off. On by default (SPEC 2 opens it to anyone with
 * the id); off, the link answers 'Link turned off'. Needs the API: the state lives on the server.
 *
 * @returns whether the link is on now.
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 404 credential_not_found, or
 *   any other failure.
 */
import { publicLinkAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function setPublicLink(options: {
  userId: string;
  credentialId: string;
  enabled: boolean;
}): Promise<boolean> {
  const answer = await api.put(
    `/user/${encodeURIComponent(options.userId)}/credentials/${encodeURIComponent(options.credentialId)}/public-link`,
    { enabled: options.enabled },
    { schema: publicLinkAnswerSchema },
  );
  return answer.public_link;
}
