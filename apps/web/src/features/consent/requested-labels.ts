/**
 * How a requested credential and its claims are named on the consent card and the approval
 * summary (OpenID4VP 1.0 section 6.4; docs/oid4vp.md "Received credentials"): a credential the
 * holder received from an issuer (`received`) by its own name and its issuer's claim labels, kept
 * at receipt in the holder's language then; the product's own documents by the catalogue's names
 * in the current language; a type this wallet does not know by the name the request gave.
 */
import type { PresentationClaim } from '@pehchaan/core';
import { claimName, documentTypeName } from '@/lib/document-labels';

interface NamedCredential {
  document_type: string | null;
  document_name: string;
  document_name_hi: string;
  /** Set for a received credential (PresentationCredential.received or PlannedCredential). */
  received?: unknown;
  received_credential_id?: string;
}

const isReceived = (credential: NamedCredential) =>
  credential.received !== undefined || credential.received_credential_id !== undefined;

/** The name `credential` is shown by in `language`. */
export function requestedDocumentName(credential: NamedCredential, language: string): string {
  if (isReceived(credential) || credential.document_type === null) {
    return language === 'hi' ? credential.document_name_hi : credential.document_name;
  }
  return documentTypeName(credential.document_type, language);
}

/** The label `claim` of `credential` is shown by in `language`. */
export function requestedClaimLabel(
  credential: NamedCredential,
  claim: Pick<PresentationClaim, 'name' | 'label' | 'label_hi'>,
  language: string,
): string {
  if (isReceived(credential)) return language === 'hi' ? claim.label_hi : claim.label;
  return claimName(claim.name, language);
}
