/**
 * The W3C Verifiable Credentials Data Model 2.0 rules checked before signing and when verifying
 * (DECISIONS 4): @context first is the VC 2.0 base context, type includes VerifiableCredential,
 * an issuer (URL string or object with an id), a credentialSubject, dates that are
 * dateTimeStamps, and validFrom not after validUntil.
 */

/** The VC 2.0 base context (https://www.w3.org/TR/vc-data-model-2.0/#base-context). */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** XML Schema dateTimeStamp: a date-time with a time zone (Z or +hh:mm). */
const DATE_TIME_STAMP = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** True for a non-null, non-array object. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The issuer's identifier: `issuer` itself or `issuer.id`; undefined when absent or not a string. */
export function credentialIssuerId(document: Record<string, unknown>): string | undefined {
  const issuer = document.issuer;
  if (typeof issuer === 'string') return issuer;
  if (isJsonObject(issuer) && typeof issuer.id === 'string') return issuer.id;
  return undefined;
}

/** Milliseconds of a dateTimeStamp string; undefined when it is not one. */
export function parseDateTimeStamp(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DATE_TIME_STAMP.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Checks `document` against the VC 2.0 rules above (the proof is not looked at).
 * @returns the broken rules as sentences; empty when the document conforms. Never throws.
 */
export function checkCredentialRules(document: unknown): string[] {
  if (!isJsonObject(document)) return ['The credential must be a JSON object'];
  const errors: string[] = [];
  const context = document['@context'];
  if (!Array.isArray(context) || context[0] !== VC_V2_CONTEXT) {
    errors.push(`@context must be an array whose first item is ${VC_V2_CONTEXT}`);
  }
  const type = document.type;
  const types = typeof type === 'string' ? [type] : type;
  if (!Array.isArray(types) || !types.includes('VerifiableCredential')) {
    errors.push('type must include VerifiableCredential');
  }
  if (document.id !== undefined && typeof document.id !== 'string') {
    errors.push('id must be a string (a URL)');
  }
  if (credentialIssuerId(document) === undefined) {
    errors.push('issuer must be a URL or an object with an id');
  }
  const subject = document.credentialSubject;
  const subjects = Array.isArray(subject) ? subject : [subject];
  if (subjects.length === 0 || !subjects.every(isJsonObject)) {
    errors.push('credentialSubject must be an object');
  }
  const validFrom = parseDateTimeStamp(document.validFrom);
  const validUntil = parseDateTimeStamp(document.validUntil);
  if (document.validFrom !== undefined && validFrom === undefined) {
    errors.push('validFrom must be a dateTimeStamp');
  }
  if (document.validUntil !== undefined && validUntil === undefined) {
    errors.push('validUntil must be a dateTimeStamp');
  }
  if (validFrom !== undefined && validUntil !== undefined && validFrom > validUntil) {
    errors.push('validFrom must not be after validUntil');
  }
  return errors;
}
