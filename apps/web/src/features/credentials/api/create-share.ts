/**
 * POST /user/{userId}/shares (docs/api-contract.md "Share links"): makes a share link to one
 * credential that discloses only `fields`, lives `lifetime` and may have a view limit. Needs the
 * API: there is no offline stand-in, since a link the server does not know would not open.
 *
 * @returns the ShareRecord, whose `url` is the link (`{PUBLIC_ORIGIN}/verify/{shareId}`).
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 404 credential_not_found,
 *   400 invalid_input / invalid_request, or any other failure.
 */
import { type ShareCreateBody, type ShareRecord, shareAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function createShare(options: {
  userId: string;
  body: ShareCreateBody;
}): Promise<ShareRecord> {
  const answer = await api.post(
    `/user/${encodeURIComponent(options.userId)}/shares`,
    options.body,
    { schema: shareAnswerSchema },
  );
  return answer.share;
}
