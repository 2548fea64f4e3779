/**
 * A claim's value as text, and a claim key in words: the part of lib/format-claim.ts without any
 * label, so the /verify islands (which name claims in English alone, lib/document-labels-en.ts)
 * format values without loading every language's labels (docs/adr/0010, the 30 KB budget).
 */
import type { Formatter } from './preferences';

/** A claim key in words, for a claim the catalogue has no label for ('blood_group' -> 'Blood group'). */
export function claimKeyInWords(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A year (SPEC 9's marksheet `year`, an issuer's `graduation_year`, `address.year`): never grouped. */
function isYearClaim(field: string): boolean {
  return /(^|[._])year$/.test(field);
}

/** A calendar date as claims write it (date_of_birth, valid_from). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A claim value as text in the holder's formats: '-' when empty; a YYYY-MM-DD date in their date
 * format; a percentage as '85.5%'; other numbers grouped (a year stays as written); lists
 * joined with commas; objects as JSON. Needs only the Formatter's `date` and `number`.
 */
export function claimValue(
  field: string,
  value: unknown,
  format: Pick<Formatter, 'date' | 'number'>,
): string {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value)) return value.map((item) => claimValue(field, item, format)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && DATE_ONLY.test(value)) return format.date(value);
  if (typeof value === 'number') {
    if (isYearClaim(field)) return String(value);
    const text = format.number(value, { maximumFractionDigits: 2 });
    return field === 'percentage' ? `${text}%` : text;
  }
  return String(value);
}
