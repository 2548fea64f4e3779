/**
 * GET /verifier/rights-requests (issue 17): the grievances (DPDP Act s.13) and erasure requests
 * (s.12(3)) data principals sent this verifier organisation, newest first: open ones to act on,
 * resolved ones as a record. Each names the holder only by the pseudonymous data principal id
 * of its receipts, carries the receipt and the organisation's own verifier request whose accepted
 * presentation is this consent's: the one whose vp_token digest the receipt names (an approval's
 * receipt, or a withdrawal's or expiry's that copies it). A refusal's receipt names none, so a
 * second holder who opened a link another holder had answered is never attached to that
 * holder's request. Another organisation's requests are never listed.
 *
 * Input: { db, verifierId }. Output: core's VerifierRightsRequest[].
 */
import type { VerifierRightsRequest } from '@pehchaan/core';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/create-db';
import {
  consentReceipts,
  type RightsRequestRow,
  rightsRequests,
  verifierRequests,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';

/** The organisation's view of a stored request and its receipt. */
export function verifierRightsRequestOf(
  row: RightsRequestRow,
  receipt: { document: Record<string, unknown>; verifierRequestId: string | null } | null,
): VerifierRightsRequest {
  return {
    id: row.id,
    kind: row.kind as VerifierRightsRequest['kind'],
    status: row.status as VerifierRightsRequest['status'],
    data_principal: row.dataPrincipal,
    purpose: row.purpose,
    message: row.message,
    receipt_id: row.receiptId,
    receipt: receipt?.document ?? null,
    verifier_request_id: receipt?.verifierRequestId ?? null,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    resolution_note: row.resolutionNote,
    erasure: row.erasure ?? null,
  };
}

/** The requests matching `where`, newest first, each with its receipt. */
export async function selectVerifierRightsRequests(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<VerifierRightsRequest[]> {
  const rows = await db
    .select({
      request: rightsRequests,
      document: consentReceipts.document,
      verifierRequestId: verifierRequests.id,
    })
    .from(rightsRequests)
    .leftJoin(consentReceipts, eq(consentReceipts.id, rightsRequests.receiptId))
    .leftJoin(
      verifierRequests,
      and(
        eq(verifierRequests.vpTokenSha256, consentReceipts.presentationSha256),
        eq(verifierRequests.verifierId, rightsRequests.verifierId),
      ),
    )
    .where(where)
    .orderBy(desc(rightsRequests.createdAt), desc(rightsRequests.id));
  return rows.map(({ request, document, verifierRequestId }) =>
    verifierRightsRequestOf(request, document ? { document, verifierRequestId } : null),
  );
}

export function listVerifierRightsRequests(
  options: Pick<ServiceDeps, 'db'> & { verifierId: string },
): Promise<VerifierRightsRequest[]> {
  return selectVerifierRightsRequests(
    options.db,
    eq(rightsRequests.verifierId, options.verifierId),
  );
}
