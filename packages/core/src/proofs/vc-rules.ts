/**
 * The W3C Verifiable Credentials Data Model rules checked before signing and when verifying
 * (DECISIONS 4): @context first is the VC 2.0 base context (or the VCDM 1.1 one), every
 * @context entry a URL or an object, type includes VerifiableCredential and lists strings, an
 * issuer (URL string or object with an id), a credentialSubject, and the validity dates: for
 * VCDM 2.0 validFrom/validUntil, dateTimeStamps, validFrom not after validUntil; for VCDM 1.1
 * issuanceDate (required) and expirationDate, xsd:dateTime; and the optional properties' rules
 * (checkCredentialProperties: id, name and description, credentialStatus, credentialSchema,
 * refreshService, termsOfUse, evidence, relatedResource).
 */
import { checkRelatedResourceDigests } from './related-resource';

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
  } else if (subjects.some((item) => Object.keys(item).length === 0)) {
    errors.push('every credentialSubject must make at least one claim (it is empty)');
  }
  errors.push(...checkCredentialProperties(document));
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

/**
 * A URL as VC DM 2.0 section 4.4 means it (an absolute URL, RFC 3986): a scheme, ':', then no
 * whitespace or characters a URL cannot hold. 'did:example:1', 'urn:uuid:...', 'https://...'.
 */
export function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/.test(value);
}

/** The items of a property that may be one object or a set of them (undefined: none). */
function itemsOf(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** A type value: a string or a non-empty list of strings (VC DM 2.0 section 4.5). */
function isTypeValue(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0;
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'string' && item.length > 0)
  );
}

/**
 * The credential's properties whose objects MUST have a type (VC DM 2.0 section 4.5's table;
 * VCDM 1.1 sections 4.9-4.12 and 5.x), and whether their `id` is required: credentialSchema
 * always (an id that is the schema's URL), credentialStatus and refreshService in VCDM 1.1.
 */
const TYPED_PROPERTIES: readonly { name: string; idRequired: 'always' | '1.1' | 'never' }[] = [
  { name: 'credentialStatus', idRequired: '1.1' },
  { name: 'credentialSchema', idRequired: 'always' },
  { name: 'refreshService', idRequired: '1.1' },
  { name: 'termsOfUse', idRequired: 'never' },
  { name: 'evidence', idRequired: 'never' },
];

/** JSON-LD keys a language value object may have (VC DM 2.0 section 11.1). */
const LANGUAGE_VALUE_KEYS = new Set(['@value', '@language', '@direction']);

/**
 * A name or description value (VC DM 2.0 section 4.6): a string, a language value object
 * { '@value': string, '@language'?: string, '@direction'?: 'ltr' | 'rtl' } with no other keys,
 * or a list of those.
 */
function isNameValue(value: unknown): boolean {
  const isOne = (item: unknown) =>
    typeof item === 'string' ||
    (isJsonObject(item) &&
      typeof item['@value'] === 'string' &&
      Object.keys(item).every((key) => LANGUAGE_VALUE_KEYS.has(key)) &&
      (item['@language'] === undefined || typeof item['@language'] === 'string') &&
      (item['@direction'] === undefined ||
        item['@direction'] === 'ltr' ||
        item['@direction'] === 'rtl'));
  return Array.isArray(value) ? value.length > 0 && value.every(isOne) : isOne(value);
}

/**
 * The rules of the credential's optional properties (W3C VC DM 2.0 sections 4.4-4.11 and 5.3-5.6;
 * VCDM 1.1 likewise): `id` a single URL; name and description (of the credential and of an
 * issuer object) strings or language value objects; credentialStatus, credentialSchema,
 * refreshService, termsOfUse and evidence objects with a type (and an id URL where given or
 * required); relatedResource objects with a unique URL id and matching digests
 * (related-resource.ts).
 * @returns the broken rules as sentences; empty when none. Never throws.
 */
export function checkCredentialProperties(document: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const version = dataModelVersion(document);
  if (document.id !== undefined && !isUrl(document.id)) errors.push('id must be a single URL');
  const issuer = document.issuer;
  for (const [holder, owner] of [
    [document, 'the credential'],
    [isJsonObject(issuer) ? issuer : {}, 'the issuer'],
  ] as const) {
    for (const property of ['name', 'description']) {
      if (holder[property] !== undefined && !isNameValue(holder[property])) {
        errors.push(
          `${property} of ${owner} must be a string or language value objects (@value, @language, @direction only)`,
        );
      }
    }
  }
  for (const { name, idRequired } of TYPED_PROPERTIES) {
    const items = itemsOf(document[name]);
    if (document[name] !== undefined && items.length === 0) {
      errors.push(`${name} must be one or more objects`);
    }
    for (const item of items) {
      if (!isJsonObject(item)) {
        errors.push(`every ${name} must be an object`);
        continue;
      }
      if (!isTypeValue(item.type)) errors.push(`every ${name} must have a type`);
      if (item.id !== undefined && !isUrl(item.id)) {
        errors.push(`the id of a ${name} must be a single URL`);
      } else if (
        item.id === undefined &&
        (idRequired === 'always' || (idRequired === '1.1' && version === '1.1'))
      ) {
        errors.push(`every ${name} must have an id (a URL)`);
      }
    }
  }
  errors.push(...checkRelatedResources(document.relatedResource));
  return errors;
}

/** VC DM 2.0 section 5.3: relatedResource objects, unique URL ids, digests (related-resource.ts). */
function checkRelatedResources(value: unknown): string[] {
  if (value === undefined) return [];
  const items = itemsOf(value);
  if (items.length === 0 || !items.every(isJsonObject)) {
    return ['relatedResource must be one or more objects'];
  }
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const resource of items) {
    if (!isUrl(resource.id)) {
      errors.push('every relatedResource must have an id that is a URL');
    } else if (ids.has(resource.id)) {
      errors.push(`relatedResource ids must be unique (${resource.id} is listed twice)`);
    } else {
      ids.add(resource.id);
    }
    if (resource.mediaType !== undefined && typeof resource.mediaType !== 'string') {
      errors.push('relatedResource mediaType must be a media type string');
    }
    errors.push(...checkRelatedResourceDigests(resource));
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
