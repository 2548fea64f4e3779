/**
 * Names of document types and of their claims in the UI language, from core's
 * documents/labels.ts (the names the SD-JWT VC Type Metadata serves too), for every screen that
 * names a document: the Credentials cards and menu, the activity log, the verifier pages.
 */
import {
  claimLabel,
  DOCUMENT_TYPE_LABELS,
  ISSUER_DISPLAY_NAMES,
  isMetadataLocale,
} from '@pehchaan/core';
import { documentTypeKeyOf } from './document-labels-en';

/** The labels' language for a UI language (English for one the labels lack). */
function localeOf(language: string) {
  return isMetadataLocale(language) ? language : 'en';
}

/**
 * The name of a document type in `language`, given its catalogue key ('pan') or its English
 * name or VC type as stored in a credential ('PAN Card'); the value itself when unknown.
 */
export function documentTypeName(keyOrName: string, language: string): string {
  const key = documentTypeKeyOf(keyOrName);
  return key ? DOCUMENT_TYPE_LABELS[key].name[localeOf(language)] : keyOrName;
}

/** The label of claim `claim` in `language` ('date_of_birth' -> 'Date of Birth'). */
export function claimName(claim: string, language: string): string {
  return claimLabel(claim, localeOf(language));
}

/**
 * The name of one of SPEC 3's issuers in `language` (core's documents/issuer-names.ts, the trust
 * list's names: 'Digital Identity System' -> 'डिजिटल पहचान प्रणाली'), given its English name as a
 * credential stores it (`issuer`); any other issuer's name as it is (an issuer names itself).
 */
export function issuerDisplayName(name: string, language: string): string {
  const names = ISSUER_DISPLAY_NAMES[name as keyof typeof ISSUER_DISPLAY_NAMES];
  return names ? names[localeOf(language)] : name;
}
