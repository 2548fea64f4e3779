/**
 * POST /user/{userId}/shares/{shareId}/withdraw (docs/api-contract.md "Share links"): the link
 * stops answering at once ('The holder withdrew this link').
 *
 * @returns the ShareRecord, status 'withdrawn'.
 * @throws {ApiError} 404 share_not_found, unreachable, or any other failure.
 */
import { type ShareRecord, shareAnswerSchema } from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function withdrawShare(options: {
  userId: string;
  shareId: string;
}): Promise<ShareRecord> {
  const answer = await api.post(
    `/user/${encodeURIComponent(options.userId)}/shares/${encodeURIComponent(options.shareId)}/withdraw`,
    undefined,
    { schema: shareAnswerSchema },
  );
  return answer.share;
}
