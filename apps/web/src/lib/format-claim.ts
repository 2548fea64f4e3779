/**
 * How a credential's document type, claim names and claim values read on every screen that shows
 * them (the Credentials cards, their share dialog and links, the public verifier page, the
 * verifier portal; issue 19): names from the document catalogue of @pehchaan/core
 * (DOCUMENT_TYPE_LABELS, CLAIM_LABELS) in the UI language, dates and numbers in the holder's
 * formats (lib/format.ts through a Formatter).
 *
 * The catalogue is written in METADATA_LOCALES (the languages its SD-JWT VC Type Metadata is
 * served in); a UI language it lacks reads the English names.
 */
import {
  CLAIM_LABELS,
  DOCUMENT_TYPE_LABELS,
  METADATA_LOCALES,
  type MetadataLocale,
  resolveDocumentType,
} from '@pehchaan/core';
import type { Formatter } from './preferences';

/** The catalogue language for UI language `language`: itself when written, else English. */
export function catalogueLocale(language: string): MetadataLocale {
  const base = language.split('-')[0] ?? language;
  return (METADATA_LOCALES as readonly string[]).includes(base) ? (base as MetadataLocale) : 'en';
}

/** A claim key the catalogue does not name, as words: 'blood_group' -> 'Blood group'. */
function keyAsWords(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of claim `field` in `language`: 'PAN Number' / 'पैन नंबर' for 'pan_number'. */
export function claimLabel(field: string, language: string): string {
  return CLAIM_LABELS[field]?.[catalogueLocale(language)] ?? keyAsWords(field);
}

/**
 * A document type's name in `language`, from its SPEC 3 name (credential_subject.document_type,
 * 'PAN Card') or its catalogue key ('pan'): 'PAN Card' / 'पैन कार्ड'; `type` itself for a type
 * the catalogue does not know.
 */
export function documentTypeName(type: string, language: string): string {
  const known = resolveDocumentType(type);
  return known ? DOCUMENT_TYPE_LABELS[known.key].name[catalogueLocale(language)] : type;
}

/** A calendar date as claims write it (date_of_birth, valid_from). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A claim value as text in the holder's formats: '-' when empty; a YYYY-MM-DD date in their date
 * format; a percentage as '85.5%'; other numbers grouped (a year stays as written); lists
 * joined with commas; objects as JSON.
 */
export function claimValue(field: string, value: unknown, format: Formatter): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.map((item) => claimValue(field, item, format)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && DATE_ONLY.test(value)) return format.date(value);
  if (typeof value === 'number') {
    if (field === 'year') return String(value);
    const text = format.number(value, { maximumFractionDigits: 2 });
    return field === 'percentage' ? `${text}%` : text;
  }
  return String(value);
}
