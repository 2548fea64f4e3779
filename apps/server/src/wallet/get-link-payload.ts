/**
 * GET /api/verify/{id}/payload (docs/api-contract.md "Share links"): the JSON form of a verify
 * link, the SPEC 3 QR payload (type digital_credential, version 1.0, credential_id,
 * document_type, issuer, dates, subject, verification_url, timestamp) with every identifier
 * masked (core's buildQrPayload) but those a share's holder chose to show in full (DECISIONS 9.6).
 * For a share id the subject holds only the fields the holder chose, and reading it counts as a
 * view (wallet/view-share.ts); for a bare credential id only the holder's name and masked
 * identifiers, dates as days, and reading it counts as a view of that link
 * (wallet/view-credential-link.ts).
 *
 * Input: { ...deps, id }. Output: QrPayload.
 * Errors: those of viewShare (404, 410), viewCredentialLink (404, 410 link_disabled) and
 * verifyStoredCredential (404).
 */
import { buildQrPayload, isShareId, type QrPayload } from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { shareUrl } from '../lib/records';
import { verifyStoredCredential } from './verify-stored-credential';
import { viewCredentialLink } from './view-credential-link';
import { viewShare } from './view-share';

export interface GetLinkPayloadOptions extends ServiceDeps {
  id: string;
}

export async function getLinkPayload(options: GetLinkPayloadOptions): Promise<QrPayload> {
  const { answer, subject, fullValues } = isShareId(options.id)
    ? await viewShare({ ...options, shareId: options.id })
    : await viewBareLink(options);
  const c = answer.credential;
  return buildQrPayload({
    credentialId: answer.credential_id,
    documentType: c.document_type,
    issuer: c.issuer,
    issuanceDate: c.issuance_date,
    expirationDate: c.expiration_date,
    subject,
    verificationUrl: shareUrl(options.publicOrigin, options.id),
    now: options.now(),
    fullValues,
  });
}

/** A bare credential link's view (refused while off, logged) and what it shows. */
async function viewBareLink(options: GetLinkPayloadOptions) {
  await viewCredentialLink({ ...options, credentialId: options.id });
  const check = await verifyStoredCredential({ ...options, credentialId: options.id });
  return {
    answer: check.answer,
    subject: check.answer.credential.credential_subject_masked,
    fullValues: [] as string[],
  };
}
