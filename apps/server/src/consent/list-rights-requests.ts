/**
 * GET /user/{userId}/rights-requests (issue 17): the grievances and erasure requests the holder
 * sent, newest first, with their status (open, resolved) and the organisation's note; a resolved
 * erasure request also says what was erased and when, or that nothing was held (`erasure`,
 * recorded by resolve-rights-request.ts). This holder's only.
 *
 * Input: { db, userId }. Output: core's RightsRequest[].
 */
import type { RightsRequest } from '@pehchaan/core';
import { desc, eq } from 'drizzle-orm';
import { type RightsRequestRow, rightsRequests, verifiers } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';

/** The holder's view of a stored request; `organisation` is its verifier's name. */
export function rightsRequestOf(row: RightsRequestRow, organisation: string): RightsRequest {
  return {
    id: row.id,
    kind: row.kind as RightsRequest['kind'],
    status: row.status as RightsRequest['status'],
    data_fiduciary: organisation,
    verifier_id: row.verifierId,
    consent_request_id: row.consentRequestId,
    receipt_id: row.receiptId,
    purpose: row.purpose,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_note: row.resolutionNote,
    erasure: row.erasure ?? null,
  };
}

export async function listRightsRequests(
  options: Pick<ServiceDeps, 'db'> & { userId: string },
): Promise<RightsRequest[]> {
  const rows = await options.db
    .select({ request: rightsRequests, organisation: verifiers.name })
    .from(rightsRequests)
    .innerJoin(verifiers, eq(verifiers.id, rightsRequests.verifierId))
    .where(eq(rightsRequests.userId, options.userId))
    .orderBy(desc(rightsRequests.createdAt), desc(rightsRequests.id));
  return rows.map(({ request, organisation }) => rightsRequestOf(request, organisation));
}
