/**
 * POST /verifier/rights-requests/{id}/resolve (issue 17): the organisation marks a data
 * principal's grievance or erasure request done, with an optional note the holder reads.
 * Resolving a resolved request again changes nothing and answers it as it is (idempotent).
 *
 * Input: { db, now, verifierId, requestId, note? }. Output: core's VerifierRightsRequest.
 * Errors: AppError 'rights_request_not_found' (404) when this organisation has no request with
 * that id (another organisation's included: its existence is not revealed).
 */
import type { VerifierRightsRequest } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { rightsRequests } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { selectVerifierRightsRequests } from './list-verifier-rights-requests';

export async function resolveRightsRequest(
  options: Pick<ServiceDeps, 'db' | 'now'> & {
    verifierId: string;
    requestId: string;
    note?: string;
  },
): Promise<VerifierRightsRequest> {
  const mine = and(
    eq(rightsRequests.id, options.requestId),
    eq(rightsRequests.verifierId, options.verifierId),
  );
  await options.db
    .update(rightsRequests)
    .set({
      status: 'resolved',
      resolvedAt: options.now(),
      resolutionNote: options.note ? options.note : null,
    })
    .where(and(mine, eq(rightsRequests.status, 'open')));
  const [found] = await selectVerifierRightsRequests(options.db, mine);
  if (!found) throw new AppError('rights_request_not_found', 'Request not found');
  return found;
}
