/**
 * Names of document types and of their claims in English alone, for the /verify islands, which
 * run only for a visitor who reads English (src/public-start.ts, docs/adr/0010): core's
 * `@pehchaan/core/document-labels-en` (the `en` of documents/labels.ts) without the other
 * languages' labels or the language registry (docs/performance.md, the public pages' 30 KB
 * budget). The app names them in the UI language through lib/document-labels.ts and
 * lib/format-claim.ts, which give the same English.
 */
import { type DocumentTypeKey, findDocumentTypeByName } from '@pehchaan/core';
import { CLAIM_LABELS_EN, DOCUMENT_TYPE_LABELS_EN } from '@pehchaan/core/document-labels-en';
import { claimKeyInWords } from './claim-value';

/**
 * The catalogue key of a document type given its key ('pan') or its English name or VC type as
 * stored in a credential ('PAN Card', 'PanCredential'); undefined when unknown.
 */
export function documentTypeKeyOf(keyOrName: string): DocumentTypeKey | undefined {
  if (Object.hasOwn(DOCUMENT_TYPE_LABELS_EN, keyOrName)) return keyOrName as DocumentTypeKey;
  return findDocumentTypeByName(keyOrName)?.key;
}

/** The English name of a document type given its key or name ('pan' -> 'PAN Card'); else the value. */
export function englishDocumentTypeName(keyOrName: string): string {
  const key = documentTypeKeyOf(keyOrName);
  return key ? DOCUMENT_TYPE_LABELS_EN[key].name : keyOrName;
}

/** A claim key as an English label ('date_of_birth' -> 'Date of Birth'), else the key in words. */
export function englishFieldLabel(field: string): string {
  return Object.hasOwn(CLAIM_LABELS_EN, field)
    ? (CLAIM_LABELS_EN[field] ?? field)
    : claimKeyInWords(field);
}
