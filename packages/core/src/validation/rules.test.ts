import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  aadhaarNumberSchema,
  digitsOnly,
  formatAadhaarInput,
  isTheme,
  isValidAadhaar,
  isValidPan,
  nextTheme,
  otpSchema,
  phoneNumberSchema,
  validateAadhaar,
  validateOtp,
  validatePasswordChange,
  validatePhone,
} from './rules';

describe('Aadhaar', () => {
  it('strips to digits and groups input 4-4-4', () => {
    expect(digitsOnly('2345 6789-0125ab')).toBe('234567890125');
    expect(formatAadhaarInput('23456789')).toBe('2345 6789');
    expect(formatAadhaarInput('2345678901259999')).toBe('2345 6789 0125');
    expect(formatAadhaarInput('2345 6789 0125')).toHaveLength(14);
  });

  it('accepts 12 digits starting 2-9 with a valid Verhoeff digit, spaces allowed', () => {
    expect(validateAadhaar('9999 4105 7058')).toBeNull();
    expect(validateAadhaar('567890123451')).toBeNull();
  });

  it('accepts the published demo numbers', () => {
    expect(isValidAadhaar('2345 6789 0125')).toBe(true);
    expect(isValidAadhaar('345678901238')).toBe(true);
    expect(isValidAadhaar('456789012341')).toBe(true);
  });

  it('rejects wrong length, a first digit of 0 or 1, and a bad check digit with one message', () => {
    for (const bad of [
      '',
      '12345',
      '5678901234512',
      '123412341234',
      '099994105705',
      '567890123452',
    ]) {
      expect(validateAadhaar(bad), bad).toBe(MESSAGES.aadhaar);
    }
  });

  it('schema strips and validates with the SPEC message', () => {
    expect(aadhaarNumberSchema.parse('5678 9012 3451')).toBe('567890123451');
    const result = aadhaarNumberSchema.safeParse('1234');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.aadhaar);
  });
});

describe('phone and OTP', () => {
  it('needs exactly 10 phone digits', () => {
    expect(validatePhone('98765 43210')).toBeNull();
    expect(validatePhone('987654321')).toBe(MESSAGES.phone);
    expect(validatePhone('98765432100')).toBe(MESSAGES.phone);
    expect(phoneNumberSchema.safeParse(9876543210).error?.issues[0]?.message).toBe(MESSAGES.phone);
  });

  it('needs exactly 6 OTP digits', () => {
    expect(validateOtp('123456')).toBeNull();
    expect(validateOtp('12345')).toBe(MESSAGES.otp);
    expect(otpSchema.safeParse('12a45').success).toBe(false);
  });
});

describe('PAN', () => {
  it('matches five letters, four digits, one letter', () => {
    expect(isValidPan('ABCPS1234K')).toBe(true);
    expect(isValidPan('abcps1234k')).toBe(true);
    expect(isValidPan('ABCP1234K')).toBe(false);
    expect(isValidPan('ABCPS12345')).toBe(false);
  });
});

describe('password change', () => {
  it('applies the SPEC 5 rules in order', () => {
    const ok = { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(validatePasswordChange(ok)).toBeNull();
    expect(validatePasswordChange({ ...ok, currentPassword: '' })).toBe(
      'Please fill in all password fields',
    );
    expect(validatePasswordChange({ ...ok, confirmPassword: 'abcdefgX' })).toBe(
      'New passwords do not match',
    );
    expect(validatePasswordChange({ ...ok, newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
  });
});

describe('theme', () => {
  it('accepts only light, dark and system and cycles in SPEC order', () => {
    expect(isTheme('dark')).toBe(true);
    expect(isTheme('blue')).toBe(false);
    expect(isTheme(null)).toBe(false);
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });
});
