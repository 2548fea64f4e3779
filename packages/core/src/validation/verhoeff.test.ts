import { describe, expect, it } from 'vitest';
import { isVerhoeffValid, verhoeffCheckDigit } from './verhoeff';

describe('Verhoeff', () => {
  it('accepts known valid numbers', () => {
    // 2363 is the textbook example; 999941057058 and 499118665246 are UIDAI test numbers.
    for (const n of ['2363', '999941057058', '499118665246', '123412341234']) {
      expect(isVerhoeffValid(n), n).toBe(true);
    }
  });

  it('rejects known invalid numbers', () => {
    for (const n of ['2364', '999941057057', '999971658847', '234567890124'.replace(/4$/, '5')]) {
      expect(isVerhoeffValid(n), n).toBe(false);
    }
  });

  it('computes the check digit that makes a number valid', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('99994105705')).toBe(8);
    expect(isVerhoeffValid(`56789012345${verhoeffCheckDigit('56789012345')}`)).toBe(true);
  });

  it('detects every single-digit error and adjacent transposition in a valid number', () => {
    const valid = '999941057058';
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(isVerhoeffValid(changed), changed).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        const swapped = valid.slice(0, i) + valid[i + 1] + valid[i] + valid.slice(i + 2);
        expect(isVerhoeffValid(swapped), swapped).toBe(false);
      }
    }
  });

  it('rejects non-digits and throws when asked for a check digit of non-digits', () => {
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('23a3')).toBe(false);
    expect(() => verhoeffCheckDigit('12x')).toThrow(TypeError);
  });
});
