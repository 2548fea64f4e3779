/**
 * POST /user/{userId}/shares (docs/api-contract.md "Share links"): the holder makes a link to one
 * of their credentials that discloses only `fields`, lives `lifetime` (1h, 1d, 7d, 30d) and may
 * be viewed at most `maxViews` times. The identity numbers among `fields` are shown masked
 * (Aadhaar last four digits, phone two and two) except those in `fullValues`, which the body's
 * schema (core's shareCreateBodySchema) already checked to be chosen identity numbers
 * (DECISIONS 9.6). The id is 'share-' + 32 hex characters (128 random bits,
 * the link's only access control, as DECISIONS 4 says of credential ids).
 *
 * Made under a consent (`consentRequestId`, issue 17), the link belongs to that approved consent:
 * its views count as the consent's uses and it is withdrawn when the consent is withdrawn or
 * expires (lib/consent-lifecycle.ts); it lives no longer than the consent's validity.
 *
 * The holder's activity log records the link in the same transaction, from whichever screen it
 * was made (the card's Share or Show QR Code): a `credential_shared` entry, message
 * `share_created` ('Made a share link to your PAN Card showing Name, Date of Birth, valid until
 * 2025-06-08 10:00 UTC'), written by the server.
 *
 * Input: { ...deps, userId, credentialId, fields, fullValues? (default none), lifetime, maxViews
 * (null = no limit), consentRequestId? }.
 * Output: the ShareRecord (status 'active', views 0, url `{publicOrigin}/verify/{id}`).
 * Errors: AppError 'data_sharing_off' (403) while the holder has Data sharing off;
 * 'credential_not_found' (404) when the holder has no credential with that id
 * (another holder's id answers the same); 'invalid_input' (400) naming the first field the
 * credential's subject does not hold; 'consent_request_not_found' (404) for a consent the holder
 * does not have; 409 'consent_not_approved', 'consent_already_withdrawn' or 'consent_expired'
 * for a consent that is not in force.
 */
import {
  MESSAGES,
  SHARE_LIFETIME_MS,
  type ShareLifetime,
  type ShareRecord,
  shareableFields,
} from '@pehchaan/core';
import { and, eq } from 'drizzle-orm';
import { consentRequests, credentials, shares } from '../db/schema';
import { recordActivity } from '../lib/activity-log';
import { CONSENT_NOT_IN_FORCE } from '../lib/consent-lifecycle';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { requireDataSharing } from '../lib/holder-settings';
import { newId } from '../lib/ids';
import { refuseReceivedCredential } from '../lib/received-records';
import { readCredentialDocument, toShareRecord } from '../lib/records';
import { refuseUnshareableCredential } from './refuse-unshareable-credential';

export interface CreateShareOptions extends ServiceDeps {
  userId: string;
  credentialId: string;
  fields: readonly string[];
  /** Identity numbers among `fields` shown in full; absent: none. */
  fullValues?: readonly string[];
  lifetime: ShareLifetime;
  maxViews: number | null;
  consentRequestId?: string;
}

/** The holder's consent a link is made under, checked to be in force now. */
async function consentInForce(options: CreateShareOptions, consentRequestId: string, now: Date) {
  const [consent] = await options.db
    .select()
    .from(consentRequests)
    .where(
      and(eq(consentRequests.id, consentRequestId), eq(consentRequests.userId, options.userId)),
    );
  if (!consent) throw new AppError('consent_request_not_found', MESSAGES.consentRequestNotFound);
  const ended = consent.validUntil !== null && consent.validUntil.getTime() <= now.getTime();
  if (consent.status === 'expired' || (consent.status === 'approved' && ended)) {
    throw new AppError('consent_expired', CONSENT_NOT_IN_FORCE.expired);
  }
  if (consent.status === 'withdrawn') {
    throw new AppError('consent_already_withdrawn', CONSENT_NOT_IN_FORCE.alreadyWithdrawn);
  }
  if (consent.status !== 'approved') {
    throw new AppError('consent_not_approved', CONSENT_NOT_IN_FORCE.notApproved(consent.status));
  }
  return consent;
}

export async function createShare(options: CreateShareOptions): Promise<ShareRecord> {
  await requireDataSharing(options);
  const [credential] = await options.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, options.credentialId), eq(credentials.userId, options.userId)));
  if (!credential) {
    await refuseReceivedCredential(
      options.db,
      options.userId,
      options.credentialId,
      'A share link',
    );
    throw new AppError('credential_not_found', MESSAGES.credentialNotFound);
  }
  refuseUnshareableCredential(credential.statusValue, 'share');
  const document = readCredentialDocument(credential, options.vault) as {
    credentialSubject?: Record<string, unknown>;
  };
  const offered = new Set(shareableFields(document.credentialSubject ?? {}));
  const unknown = options.fields.find((field) => !offered.has(field));
  if (unknown !== undefined) {
    // A claim name is echoed only when it looks like one (never a long or numeric input).
    throw new AppError(
      'invalid_input',
      /^[a-z_]{1,40}$/.test(unknown)
        ? `This credential has no field named ${unknown}`
        : 'This credential has no such field',
    );
  }
  const now = options.now();
  const consent = options.consentRequestId
    ? await consentInForce(options, options.consentRequestId, now)
    : undefined;
  let expiresAt = new Date(now.getTime() + SHARE_LIFETIME_MS[options.lifetime]);
  if (consent?.validUntil && consent.validUntil.getTime() < expiresAt.getTime()) {
    expiresAt = consent.validUntil;
  }
  const row = await options.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(shares)
      .values({
        id: newId('share', 16),
        userId: options.userId,
        credentialId: credential.id,
        fields: [...options.fields],
        fullValues: (options.fullValues ?? []).filter((field) => options.fields.includes(field)),
        createdAt: now,
        expiresAt,
        maxViews: options.maxViews,
        consentRequestId: consent?.id ?? null,
      })
      .returning();
    if (!inserted) throw new Error('Inserting the share returned no row');
    await recordActivity({
      db: tx,
      now: options.now,
      userId: options.userId,
      type: 'credential_shared',
      message: {
        code: 'share_created',
        params: {
          document_type: credential.documentType,
          claims: options.fields.join(','),
          until: expiresAt.toISOString(),
        },
      },
    });
    return inserted;
  });
  return toShareRecord(row, credential.documentType, options.publicOrigin, now);
}
