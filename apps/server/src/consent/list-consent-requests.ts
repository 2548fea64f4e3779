/**
 * GET /user/{userId}/consent-requests (SPEC 7): the holder's consent requests, every status,
 * newest request first. A holder only ever sees their own (SPEC 6; the route checks the token).
 * A request that came as an OpenID4VP authorization request (issue 16) carries its
 * `presentation`, with `held` computed from the holder's credentials (received ones too) at the
 * time of reading, and `unavailable` for one its issuer revoked or suspended (SPEC 8).
 * Each carries its validity and uses; a withdrawn one, the verifier's erasure and the delivery
 * of its withdrawal notice (issue 17). Consents past their validity are expired first
 * (expire-consents.ts), so the list never shows an approved consent that has ended: the list is
 * read, and when one of its consents is due to expire or to be reminded of its end
 * (`consentClockDue`), the holder's sweep runs and the list is read again. A list with nothing
 * due costs no sweep (the route keeps its answer only until the next such instant).
 * A presentation carries the request's credential_sets (read from the stored request when the
 * presentation was stored without them) and, once decided, what was sent: the claims its
 * approval's consent receipt records as disclosed (lib/records.ts toConsentRequest).
 *
 * Input: { db, now, userId }. Output: ConsentRequest[] (possibly empty). Errors: database only.
 */
import {
  type ConsentPresentation,
  type ConsentRequest,
  consentPresentationSchema,
  withHeld,
} from '@pehchaan/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/create-db';
import {
  consentReceipts,
  consentRequests,
  credentials,
  presentationRequests,
  receivedCredentials,
  verifierRequests,
  withdrawalNotices,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { withCredentialSets } from '../lib/presentation-records';
import { toConsentRequest } from '../lib/records';
import { consentClockDue, expireConsents } from './expire-consents';

export interface ListConsentRequestsOptions
  extends Pick<ServiceDeps, 'vault' | 'now' | 'publicOrigin' | 'consentRegistry' | 'roles'> {
  db: Db;
  userId: string;
}

export async function listConsentRequests(
  options: ListConsentRequestsOptions,
): Promise<ConsentRequest[]> {
  const { db, userId } = options;
  let rows = await readConsentRows(db, userId);
  if (
    consentClockDue(
      rows.map((row) => row.request),
      options.now(),
    )
  ) {
    await expireConsents(options);
    rows = await readConsentRows(db, userId);
  }
  let heldTypes: Set<string> | undefined;
  let heldReceived: Set<string> = new Set();
  // Held credentials their issuer revoked or suspended (SPEC 8): shown as unavailable.
  const unavailable = new Map<string, 'revoked' | 'suspended'>();
  if (rows.some((row) => row.presentation !== null)) {
    const held = await db
      .select({ documentType: credentials.documentType, statusValue: credentials.statusValue })
      .from(credentials)
      .where(eq(credentials.userId, userId));
    heldTypes = new Set(held.map((row) => row.documentType));
    // One read of the holder's received credentials for both uses: the issued ones are held,
    // and any of them may be revoked or suspended.
    const received = await db
      .select({
        id: receivedCredentials.id,
        state: receivedCredentials.state,
        statusValue: receivedCredentials.statusValue,
      })
      .from(receivedCredentials)
      .where(eq(receivedCredentials.userId, userId));
    heldReceived = new Set(received.filter((r) => r.state === 'issued').map((r) => r.id));
    for (const row of [
      ...held.map((h) => ({ key: h.documentType, statusValue: h.statusValue })),
      ...received.map((r) => ({ key: r.id, statusValue: r.statusValue })),
    ]) {
      if (row.statusValue === 'revoked' || row.statusValue === 'suspended') {
        unavailable.set(row.key, row.statusValue);
      }
    }
  }
  // What each given consent sent: its approval's receipt (the latest, should there be several);
  // and when this server's verifier erased what it received from that presentation (found by the
  // vp_token's digest the receipt names, never by a link several holders could share).
  const approvals = new Map<string, unknown>();
  const erasedAt = new Map<string, Date>();
  if (rows.some((row) => row.presentation !== null && row.request.status !== 'pending')) {
    const receipts = await db
      .select({
        consentRequestId: consentReceipts.consentRequestId,
        document: consentReceipts.document,
        digest: consentReceipts.presentationSha256,
        erasedAt: verifierRequests.erasedAt,
      })
      .from(consentReceipts)
      .leftJoin(
        verifierRequests,
        eq(verifierRequests.vpTokenSha256, consentReceipts.presentationSha256),
      )
      .where(and(eq(consentReceipts.userId, userId), eq(consentReceipts.event, 'approved')))
      .orderBy(asc(consentReceipts.issuedAt));
    for (const receipt of receipts) {
      if (!receipt.consentRequestId) continue;
      approvals.set(receipt.consentRequestId, receipt.document);
      if (receipt.erasedAt) erasedAt.set(receipt.consentRequestId, receipt.erasedAt);
      else erasedAt.delete(receipt.consentRequestId);
    }
  }
  return rows.map((row) => {
    const ending = { notice: row.notice, verifierErasedAt: erasedAt.get(row.request.id) ?? null };
    if (row.presentation === null || heldTypes === undefined) {
      return toConsentRequest(row.request, undefined, ending);
    }
    const presentation: ConsentPresentation = withCredentialSets(
      consentPresentationSchema.parse(row.presentation),
      row.storedRequest,
    );
    return toConsentRequest(
      row.request,
      withHeld(presentation, heldTypes, heldReceived, unavailable),
      ending,
      approvals.get(row.request.id),
    );
  });
}

/** The holder's consent requests with their presentation and withdrawal notice, newest first. */
function readConsentRows(db: Db, userId: string) {
  return db
    .select({
      request: consentRequests,
      presentation: presentationRequests.presentation,
      storedRequest: presentationRequests.request,
      notice: withdrawalNotices,
    })
    .from(consentRequests)
    .leftJoin(presentationRequests, eq(presentationRequests.consentRequestId, consentRequests.id))
    .leftJoin(withdrawalNotices, eq(withdrawalNotices.consentRequestId, consentRequests.id))
    .where(eq(consentRequests.userId, userId))
    .orderBy(desc(consentRequests.requestedAt), desc(consentRequests.id));
}
