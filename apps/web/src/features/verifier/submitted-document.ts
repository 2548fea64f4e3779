/**
 * What a document given to /verify (pasted or uploaded JSON) is, so the page says what it was
 * given: a consent receipt (core's readConsentReceipt reads it: ISO/IEC TS 27560 with DPV, a W3C
 * VC typed ConsentReceipt), a W3C credential (W3C VC Data Model 2.0 or 1.1: a `type` naming
 * VerifiableCredential and a `credentialSubject`), or neither. Pure; never throws.
 */
import { readConsentReceipt } from '@pehchaan/core';

export type SubmittedKind = 'receipt' | 'credential' | 'unknown';

/** A W3C credential as /verify shows it (before and whatever the verdict). */
export interface CredentialView {
  /** The issuer's `name` in the document, when it has one. */
  issuerName: string | null;
  /** The issuer's identifier (`issuer` or `issuer.id`); '' when missing. */
  issuerId: string;
  /** `credentialSubject.name`, when a string. */
  holderName: string | null;
  /** `credentialSubject.document_type`, else the most specific `type`. */
  documentType: string;
  /** validFrom (VCDM 2.0) or issuanceDate (1.1). */
  issued: string | null;
  /** validUntil (VCDM 2.0) or expirationDate (1.1); null: none. */
  expires: string | null;
  /** The (first) credentialSubject's members. */
  subject: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typesOf(document: Record<string, unknown>): string[] {
  const type = document.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function subjectOf(document: Record<string, unknown>): Record<string, unknown> | null {
  const subject = document.credentialSubject;
  if (isObject(subject)) return subject;
  if (Array.isArray(subject) && isObject(subject[0])) return subject[0];
  return null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The kind of `document` (see the module docs). */
export function kindOfDocument(document: Record<string, unknown>): SubmittedKind {
  if (readConsentReceipt(document)) return 'receipt';
  return readCredential(document) ? 'credential' : 'unknown';
}

/** `document` read as a W3C credential; null when it is not one. */
export function readCredential(document: Record<string, unknown>): CredentialView | null {
  const types = typesOf(document);
  const subject = subjectOf(document);
  if (!types.includes('VerifiableCredential') || !subject) return null;
  const issuer = document.issuer;
  const specific = types.filter((type) => type !== 'VerifiableCredential').at(-1);
  return {
    issuerName: isObject(issuer) ? text(issuer.name) : null,
    issuerId: (isObject(issuer) ? text(issuer.id) : text(issuer)) ?? '',
    holderName: text(subject.name),
    documentType: text(subject.document_type) ?? specific ?? 'VerifiableCredential',
    issued: text(document.validFrom) ?? text(document.issuanceDate),
    expires: text(document.validUntil) ?? text(document.expirationDate),
    subject,
  };
}
