/**
 * GET /api/verify/{shareId} and its JSON form (docs/api-contract.md "Share links"): a stranger
 * opens a share link. Each successful view counts one (an atomic `views + 1` that also checks
 * the link is still live, so two views at once cannot both take a last allowed view) and writes
 * a `credential_viewed` entry to the holder's activity log ('Your PAN Card link was viewed');
 * the view that uses up a link's view limit also writes `share_used_up` ('A share link to your
 * PAN Card had its last allowed view (3 views)'), once, as the link's status changes.
 * A link made under a consent (issue 17) counts the view as a use of that consent (uses + 1,
 * last_used_at); withdrawing or the expiry of the consent withdrew the link, so a view never
 * counts for a consent that ended.
 * The answer discloses only the fields the holder chose: masked in the summary, their values in
 * `disclosed` for the page's reveal toggle, where an identity number stays masked (Aadhaar last
 * four digits, phone two and two) unless the holder named it in the link's `full_values`
 * (DECISIONS 9.6, core's shareDisclosure). The credential's own id is not disclosed (the answer's
 * ids are the share's), so a withdrawn link leaves the stranger nothing to reopen.
 *
 * Input: { ...deps, shareId }. Output: { answer (core's storedCredentialVerdictSchema), subject:
 * the disclosed fields as `disclosed` gives them, with document_type (for the QR payload),
 * fullValues: the link's full_values }.
 * Errors: AppError 'credential_not_found' (404, 'Credential not found') for an unknown id;
 * 'share_withdrawn' (410) once withdrawn, 'share_expired' (410, 'Credential expired', SPEC 8)
 * after its lifetime, 'share_used_up' (410) past its view limit; nothing is counted then.
 */
import {
  getDocumentType,
  MESSAGES,
  type StoredCredentialVerdict,
  shareDisclosure,
  shareStatusOf,
} from '@pehchaan/core';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/create-db';
import { credentials, shares } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadTrustList } from '../lib/trust-list';
import { refuseUnshareableCredential } from './refuse-unshareable-credential';
import { checkCredentialRow } from './verify-stored-credential';

export interface ViewShareOptions extends ServiceDeps {
  shareId: string;
}

/** What viewShare resolves. */
export interface ShareView {
  answer: StoredCredentialVerdict;
  /** The disclosed subject fields as the answer discloses them, with document_type. */
  subject: Record<string, unknown>;
  /** The identity numbers the link shows in full. */
  fullValues: string[];
}

export const SHARE_DETAILS = {
  withdrawn: MESSAGES.shareWithdrawn,
  expired: MESSAGES.credentialExpired,
  used_up: MESSAGES.shareUsedUp,
} as const;

export async function viewShare(options: ViewShareOptions): Promise<ShareView> {
  const now = options.now();
  // Read before the transaction: the list is read through options.db, not tx.
  const trustList = await loadTrustList(options);
  return options.db.transaction(async (tx) => {
    const [share] = await tx
      .update(shares)
      .set({ views: sql`${shares.views} + 1` })
      .where(
        and(
          eq(shares.id, options.shareId),
          isNull(shares.withdrawnAt),
          gt(shares.expiresAt, now),
          or(isNull(shares.maxViews), lt(shares.views, shares.maxViews)),
        ),
      )
      .returning();
    if (!share) throw await refusal(tx, options);
    const [credential] = await tx
      .select()
      .from(credentials)
      .where(eq(credentials.id, share.credentialId));
    if (!credential) throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
    // Revoked or suspended: 410, and the view is not counted (the transaction rolls back).
    refuseUnshareableCredential(credential.statusValue, 'link');
    const check = await checkCredentialRow(credential, options, trustList);
    const { masked, disclosed } = shareDisclosure(check.subject, share.fields, share.fullValues);
    const known = getDocumentType(credential.documentType) !== undefined;
    if (share.consentRequestId) {
      // A view is a use of the consent the link was made under (the consent ledger's count).
      await options.roles.consent.recordUse(tx, {
        consentRequestId: share.consentRequestId,
        at: now,
      });
    }
    const documentType = known ? credential.documentType : check.summary.document_type;
    await recordActivity({
      db: tx,
      now: options.now,
      userId: share.userId,
      type: 'credential_viewed',
      message: { code: 'share_viewed', params: { document_type: documentType } },
    });
    if (share.maxViews !== null && share.views === share.maxViews) {
      await recordActivity({
        db: tx,
        now: options.now,
        userId: share.userId,
        type: 'share_used_up',
        message: {
          code: 'share_used_up',
          params: { document_type: documentType, count: share.maxViews },
        },
      });
    }
    return {
      answer: {
        credential_id: share.id,
        ...check.verdict,
        credential: {
          ...check.summary,
          id: share.id,
          credential_subject_masked: masked,
        },
        disclosed,
        share: {
          id: share.id,
          expires_at: share.expiresAt.toISOString(),
          views: share.views,
          max_views: share.maxViews,
        },
      },
      subject: { document_type: masked.document_type, ...disclosed },
      fullValues: share.fullValues,
    };
  });
}

/** Why `shareId` was not counted: unknown, withdrawn, expired or used up. */
async function refusal(tx: Tx, options: ViewShareOptions): Promise<AppError> {
  const [row] = await tx.select().from(shares).where(eq(shares.id, options.shareId));
  if (!row) return new AppError('credential_not_found', MESSAGES.credentialNotFound);
  const status = shareStatusOf(
    {
      expires_at: row.expiresAt.toISOString(),
      withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
      max_views: row.maxViews,
      views: row.views,
    },
    options.now().getTime(),
  );
  if (status === 'withdrawn') return new AppError('share_withdrawn', SHARE_DETAILS.withdrawn);
  if (status === 'used_up') return new AppError('share_used_up', SHARE_DETAILS.used_up);
  return new AppError('share_expired', SHARE_DETAILS.expired);
}
