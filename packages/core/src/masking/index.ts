/**
 * Display masking of SPEC 5: an Aadhaar number shows only its last 4 digits; PAN, phone, voter,
 * driving licence, passport, CKYC, roll, registration and account numbers are partly hidden (a
 * mobile number shows its first two and last two digits, 98XXXXXX10). DECISIONS 9.6: identity
 * numbers travel masked this way wherever they go (the holder's credential list, share links,
 * the bare verify link, the QR payload) unless the holder reveals a field or chooses its full
 * value for a share.
 */
import { digitsOnly } from '../validation/rules';

/** The character that stands for a hidden digit or letter. */
export const MASK_CHAR = 'X';

/**
 * UIDAI "masked Aadhaar" form: "XXXX XXXX 0125". Input may hold spaces; anything that is not 12
 * digits keeps only its last 4 characters visible.
 */
export function maskAadhaar(aadhaar: string): string {
  const digits = digitsOnly(aadhaar);
  if (digits.length !== 12) return maskMiddle(aadhaar, 0, 4);
  return `XXXX XXXX ${digits.slice(8)}`;
}

/**
 * Hides all but the first `visibleStart` and last `visibleEnd` characters of `value` with
 * MASK_CHAR, keeping spaces and separators in place. A value too short to hide anything is
 * fully masked, so a short secret never shows whole.
 */
export function maskMiddle(value: string, visibleStart: number, visibleEnd: number): string {
  const chars = [...value];
  const maskable = chars.filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
  if (maskable <= visibleStart + visibleEnd) {
    return chars.map((c) => (/[\p{L}\p{N}]/u.test(c) ? MASK_CHAR : c)).join('');
  }
  let seen = 0;
  return chars
    .map((c) => {
      if (!/[\p{L}\p{N}]/u.test(c)) return c;
      const index = seen++;
      return index < visibleStart || index >= maskable - visibleEnd ? c : MASK_CHAR;
    })
    .join('');
}

/** How much of each sensitive field stays visible: [first, last] characters. */
const FIELD_RULES: Record<string, readonly [number, number] | 'aadhaar'> = {
  aadhaar_number: 'aadhaar',
  aadhaarId: 'aadhaar',
  aadhaar: 'aadhaar',
  pan_number: [2, 2],
  panNumber: [2, 2],
  panId: [2, 2],
  // Two and two digits (98XXXXXX10): six shown digits were enough to tell holders apart.
  phone: [2, 2],
  phone_number: [2, 2],
  phoneNumber: [2, 2],
  voter_id: [3, 2],
  voterId: [3, 2],
  driving_license: [4, 3],
  drivingLicense: [4, 3],
  passport_number: [1, 2],
  passportNumber: [1, 2],
  ckyc_number: [0, 4],
  ckycNumber: [0, 4],
  roll_number: [0, 3],
  tenthRollNumber: [0, 3],
  twelfthRollNumber: [0, 3],
  registration_number: [0, 4],
  birthRegistrationNumber: [0, 4],
  account_number: [0, 4],
  accountNumber: [0, 4],
};

/**
 * True when SPEC 5 says `field` is masked for display: an identity number (DECISIONS 9.6), the
 * fields the holder's list, share links and the bare link answer masked.
 */
export function isSensitiveField(field: string): boolean {
  return field in FIELD_RULES;
}

/**
 * Masks `value` for display when `field` (snake_case subject field or camelCase user field) is
 * sensitive; other fields and non-string values come back unchanged.
 */
export function maskField<T>(field: string, value: T): T | string {
  const rule = FIELD_RULES[field];
  if (rule === undefined || typeof value !== 'string' || value === '') return value;
  if (rule === 'aadhaar') return maskAadhaar(value);
  return maskMiddle(value, rule[0], rule[1]);
}

/** Masks every sensitive field of a flat record (e.g. a credentialSubject) for display. */
export function maskRecord(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, maskField(k, v)]));
}
