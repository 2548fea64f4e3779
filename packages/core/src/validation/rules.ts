/**
 * Input rules of SPEC 5 and 9: Aadhaar, phone, OTP, PAN, password change and theme.
 *
 * Every check strips the input to digits first where SPEC 5 says so ("All these inputs are
 * stripped to digits"), and returns the SPEC's exact message, or null when the input is valid.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import { isVerhoeffValid } from './verhoeff';

/** Lengths of SPEC 9. */
export const LIMITS = {
  aadhaarDigits: 12,
  /** The grouped input "2345 6789 0125" is 14 characters. */
  aadhaarInputMaxLength: 14,
  phoneDigits: 10,
  otpDigits: 6,
  panLength: 10,
  ckycMaxLength: 14,
  ckycMinToProceed: 10,
  passwordMinLength: 8,
} as const;

/**
 * The Aadhaar numbers of the three demo accounts, as published in DECISIONS 2. They fail the
 * Verhoeff check (UIDAI would never issue them); they are accepted by name so the documented
 * demo sign-in works. Every other number must pass the full UIDAI format. See docs/adr/0003.
 */
export const PUBLISHED_DEMO_AADHAAR_NUMBERS: readonly string[] = [
  '234567890125',
  '345678901238',
  '456789012341',
];

/** Keeps only the ASCII digits of `input` ("2345 6789-0125" -> "234567890125"). */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Formats Aadhaar input as the Login field shows it: digits grouped 4-4-4, at most 12 digits
 * ("23456789" -> "2345 6789").
 */
export function formatAadhaarInput(input: string): string {
  const digits = digitsOnly(input).slice(0, LIMITS.aadhaarDigits);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * True when `input`, stripped to digits, is a well-formed Aadhaar number: exactly 12 digits, a
 * first digit of 2-9 and a valid Verhoeff check digit (UIDAI number format), or one of the
 * published demo numbers.
 */
export function isValidAadhaar(input: string): boolean {
  const digits = digitsOnly(input);
  if (PUBLISHED_DEMO_AADHAAR_NUMBERS.includes(digits)) return true;
  return /^[2-9]\d{11}$/.test(digits) && isVerhoeffValid(digits);
}

/** SPEC 5: the Aadhaar message, or null when valid. */
export function validateAadhaar(input: string): string | null {
  return isValidAadhaar(input) ? null : MESSAGES.aadhaar;
}

/** SPEC 5: exactly 10 digits after stripping; the phone message, or null. */
export function validatePhone(input: string): string | null {
  return /^\d{10}$/.test(digitsOnly(input)) ? null : MESSAGES.phone;
}

/** SPEC 5: exactly 6 digits after stripping; the OTP message, or null. */
export function validateOtp(input: string): string | null {
  return /^\d{6}$/.test(digitsOnly(input)) ? null : MESSAGES.otp;
}

/** Income Tax Department PAN format: 5 letters, 4 digits, 1 letter (e.g. ABCDE1234F). */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

/** True when `input` (upper-cased, trimmed) has the PAN format. */
export function isValidPan(input: string): boolean {
  return PAN_PATTERN.test(input.trim().toUpperCase());
}

/** The three fields of SPEC 5's change-password form. */
export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * SPEC 5 change-password rules, checked in the SPEC's order: all three fields required, new and
 * confirm equal, new at least 8 characters. Returns the first failing message, or null.
 */
export function validatePasswordChange(input: PasswordChange): string | null {
  const code = passwordChangeErrorCode(input);
  return code ? MESSAGES[code] : null;
}

/** The MESSAGES key of the first failing SPEC 5 password rule, or null (for translated UIs). */
export type PasswordChangeErrorCode =
  | 'passwordFieldsRequired'
  | 'passwordsDoNotMatch'
  | 'passwordTooShort';

/**
 * validatePasswordChange as a code: the key of the first failing rule in MESSAGES, or null.
 * `currentRequired: false` (no password set yet: the form then has no current field) leaves the
 * current password out of "all password fields".
 */
export function passwordChangeErrorCode(
  input: PasswordChange,
  options: { currentRequired?: boolean } = {},
): PasswordChangeErrorCode | null {
  const currentMissing = (options.currentRequired ?? true) && !input.currentPassword;
  if (currentMissing || !input.newPassword || !input.confirmPassword) {
    return 'passwordFieldsRequired';
  }
  if (input.newPassword !== input.confirmPassword) return 'passwordsDoNotMatch';
  if (input.newPassword.length < LIMITS.passwordMinLength) return 'passwordTooShort';
  return null;
}

/** SPEC 4 theme choices; the default is 'system'. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';
export const themeSchema = z.enum(THEMES);

/** True for 'light', 'dark' or 'system'; any other stored value is ignored (SPEC 4). */
export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The toggle's cycle of SPEC 4: light -> dark -> system -> light. */
export function nextTheme(theme: Theme): Theme {
  return theme === 'light' ? 'dark' : theme === 'dark' ? 'system' : 'light';
}

function digitsField(check: (value: string) => string | null, message: string) {
  return z
    .string({ error: message })
    .transform(digitsOnly)
    .refine((value) => check(value) === null, { message });
}

/** Request field: Aadhaar number, stripped to digits; fails with the SPEC 5 message. */
export const aadhaarNumberSchema = digitsField(validateAadhaar, MESSAGES.aadhaar);
/** Request field: 10-digit phone number, stripped to digits; fails with the SPEC 5 message. */
export const phoneNumberSchema = digitsField(validatePhone, MESSAGES.phone);
/** Request field: 6-digit OTP, stripped to digits; fails with the SPEC 5 message. */
export const otpSchema = digitsField(validateOtp, MESSAGES.otp);
