/**
 * POST /verifier/rights-requests/{id}/resolve (issue 17): the organisation marks a data
 * principal's grievance or erasure request done, with an optional note the holder reads.
 * Resolving a resolved request again changes nothing and answers it as it is (idempotent).
 * The holder's activity log records the resolution once, in the same transaction:
 * `grievance_resolved` ('State Bank of India resolved your grievance about ...') or
 * `erasure_resolved`.
 *
 * Input: { db, now, verifierId, requestId, note? }. Output: core's VerifierRightsRequest.
 * Errors: AppError 'rights_request_not_found' (404) when this organisation has no request with
 * that id (another organisation's included: its existence is not revealed).
 */
import type { VerifierRightsRequest } from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { rightsRequests, verifiers } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
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
  return options.db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(rightsRequests)
      .set({
        status: 'resolved',
        resolvedAt: options.now(),
        resolutionNote: options.note ? options.note : null,
      })
      .where(and(mine, eq(rightsRequests.status, 'open')))
      .returning();
    if (resolved) {
      const [verifier] = await tx
        .select({ name: verifiers.name })
        .from(verifiers)
        .where(eq(verifiers.id, resolved.verifierId));
      const type = resolved.kind === 'grievance' ? 'grievance_resolved' : 'erasure_resolved';
      await recordActivity({
        db: tx,
        now: options.now,
        userId: resolved.userId,
        type,
        message: {
          code: type,
          params: { requester: verifier?.name ?? '', purpose: resolved.purpose },
        },
      });
    }
    const [found] = await selectVerifierRightsRequests(tx, mine);
    if (!found) throw new AppError('rights_request_not_found', 'Request not found');
    return found;
  });
}
