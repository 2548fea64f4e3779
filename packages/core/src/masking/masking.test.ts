import { describe, expect, it } from 'vitest';
import { maskAadhaar, maskField, maskMiddle, maskRecord } from './index';

describe('masking', () => {
  it('shows only the last 4 Aadhaar digits', () => {
    expect(maskAadhaar('234567890125')).toBe('XXXX XXXX 0125');
    expect(maskAadhaar('2345 6789 0125')).toBe('XXXX XXXX 0125');
    expect(maskField('aadhaar_number', '234567890125')).not.toContain('2345');
  });

  it('partly hides PAN, phone and other numbers', () => {
    expect(maskField('pan_number', 'ABCPS1234K')).toBe('ABXXXXXX4K');
    expect(maskField('phone', '9876543210')).toBe('98XXXXXX10');
    expect(maskField('ckyc_number', '50012345678901')).toBe('XXXXXXXXXX8901');
    expect(maskField('driving_license', 'DL-0420110012345')).toBe('DL-04XXXXXXXX345');
  });

  it('masks an already masked value to itself (a list answer shown on a card)', () => {
    for (const [field, value] of [
      ['aadhaar_number', '234567890125'],
      ['phone', '9876543210'],
      ['pan_number', 'ABCPS1234K'],
      ['ckyc_number', '50012345678901'],
    ] as const) {
      const masked = maskField(field, value);
      expect(maskField(field, masked)).toBe(masked);
    }
  });

  it('leaves other fields and non-strings alone', () => {
    expect(maskField('name', 'Rajesh')).toBe('Rajesh');
    expect(maskField('percentage', 85.5)).toBe(85.5);
  });

  it('fully masks a value too short to show a part of', () => {
    expect(maskMiddle('12', 1, 1)).toBe('XX');
  });

  it('masks every sensitive field of a record', () => {
    const masked = maskRecord({ name: 'A', pan_number: 'ABCPS1234K', phone: '9876543210' });
    expect(masked).toEqual({ name: 'A', pan_number: 'ABXXXXXX4K', phone: '98XXXXXX10' });
  });
});
