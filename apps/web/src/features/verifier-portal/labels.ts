/**
 * Names the portal shows for document types and claims, in the current UI language ('hi' or
 * else English), from core's documents/labels.ts (the names the holder's wallet shows too).
 */
import { claimLabel, DOCUMENT_TYPE_LABELS, type DocumentTypeKey } from '@pehchaan/core';

/** The name of document type `type` (e.g. 'pan' -> 'PAN Card'); the key itself when unknown. */
export function documentTypeName(type: string, language: string): string {
  const labels = DOCUMENT_TYPE_LABELS[type as DocumentTypeKey];
  if (!labels) return type;
  return language === 'hi' ? labels.name.hi : labels.name.en;
}

/** The label of claim `claim` (e.g. 'date_of_birth' -> 'Date of Birth'). */
export function claimName(claim: string, language: string): string {
  return claimLabel(claim, language === 'hi' ? 'hi' : 'en');
}
