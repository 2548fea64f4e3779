/**
 * The W3C Verifiable Credentials Data Model rules checked before signing and when verifying
 * (DECISIONS 4): @context first is the VC 2.0 base context (or the VCDM 1.1 one), every
 * @context entry a URL or an object, type includes VerifiableCredential and lists strings, an
 * issuer (URL string or object with an id), a credentialSubject, and the validity dates: for
 * VCDM 2.0 validFrom/validUntil, dateTimeStamps, validFrom not after validUntil; for VCDM 1.1
 * issuanceDate (required) and expirationDate, xsd:dateTime.
 */

/** The VC 2.0 base context (https://www.w3.org/TR/vc-data-model-2.0/#base-context). */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
/** The VCDM 1.1 base context (https://www.w3.org/TR/vc-data-model-1.1/#contexts), bundled. */
export const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';

/** Which Data Model a document follows, by its first @context entry; undefined for neither. */
export function dataModelVersion(document: Record<string, unknown>): '2.0' | '1.1' | undefined {
  const context = document['@context'];
  if (!Array.isArray(context)) return undefined;
  if (context[0] === VC_V2_CONTEXT) return '2.0';
  if (context[0] === VC_V1_CONTEXT) return '1.1';
  return undefined;
}

/** xsd:dateTime (VCDM 1.1 dates): like a dateTimeStamp, the time zone optional (then UTC). */
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

/** Milliseconds of an xsd:dateTime string (no zone read as UTC); undefined when it is not one. */
export function parseDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * The validity period of a credential in epoch ms, by its Data Model's names: validFrom and
 * validUntil (2.0), issuanceDate and expirationDate (1.1). A bound absent or unreadable is
 * undefined. `fromName`/`untilName` name the properties, for messages.
 */
export function validityPeriod(document: Record<string, unknown>): {
  from?: number;
  until?: number;
  fromName: string;
  untilName: string;
} {
  if (dataModelVersion(document) === '1.1') {
    return {
      from: parseDateTime(document.issuanceDate),
      until: parseDateTime(document.expirationDate),
      fromName: 'issuanceDate',
      untilName: 'expirationDate',
    };
  }
  return {
    from: parseDateTimeStamp(document.validFrom),
    until: parseDateTimeStamp(document.validUntil),
    fromName: 'validFrom',
    untilName: 'validUntil',
  };
}

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
  const errors: string[] = [...checkContextAndType(document, 'VerifiableCredential')];
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
  if (dataModelVersion(document) === '1.1') return [...errors, ...checkV1Dates(document)];
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

/** VCDM 1.1 section 4.6 and 4.7: issuanceDate required, both dates xsd:dateTime. */
function checkV1Dates(document: Record<string, unknown>): string[] {
  const errors: string[] = [];
  if (parseDateTime(document.issuanceDate) === undefined) {
    errors.push('issuanceDate must be a dateTime (VCDM 1.1)');
  }
  if (
    document.expirationDate !== undefined &&
    parseDateTime(document.expirationDate) === undefined
  ) {
    errors.push('expirationDate must be a dateTime (VCDM 1.1)');
  }
  return errors;
}

/**
 * The @context and type rules a credential (`requiredType` VerifiableCredential) and a
 * presentation (VerifiablePresentation) share: @context an array starting with the VC 2.0 or
 * 1.1 base context whose entries are URLs or objects; type a string or a list of strings
 * including `requiredType`.
 * @returns the broken rules as sentences; empty when none. Never throws.
 */
export function checkContextAndType(
  document: Record<string, unknown>,
  requiredType: string,
): string[] {
  const errors: string[] = [];
  const context = document['@context'];
  if (dataModelVersion(document) === undefined) {
    errors.push(
      `@context must be an array whose first item is ${VC_V2_CONTEXT} (or ${VC_V1_CONTEXT})`,
    );
  } else if (
    Array.isArray(context) &&
    !context.every((entry) => typeof entry === 'string' || isJsonObject(entry))
  ) {
    errors.push('every @context item must be a URL or an object');
  }
  const type = document.type;
  const types = typeof type === 'string' ? [type] : type;
  if (!Array.isArray(types) || !types.includes(requiredType)) {
    errors.push(`type must include ${requiredType}`);
  } else if (!types.every((item) => typeof item === 'string')) {
    errors.push('every type item must be a string');
  }
  return errors;
}
