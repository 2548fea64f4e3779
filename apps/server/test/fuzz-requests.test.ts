/**
 * The fuzz suite's generators (test/fuzz/requests.ts) always finish: a schema whose pattern and
 * length the generated strings rarely meet once hung the whole suite (fast-check's filter retries
 * without end), with no test timeout able to stop it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fittingMostly, withLengthRange } from './fuzz/requests';

describe('fuzz generators', () => {
  it('write a length range into a one-class pattern, so a 43-character JWK coordinate is made', () => {
    const pattern = withLengthRange('^[A-Za-z0-9_-]+$', 43, 43);
    expect(pattern).toBe('^[A-Za-z0-9_-]{43,43}$');
    for (const value of fc.sample(fc.stringMatching(new RegExp(pattern, 'u')), 50)) {
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    // `+` keeps at least one character; other patterns are left alone.
    expect(withLengthRange('^[a-z]+$', 0, 5)).toBe('^[a-z]{1,5}$');
    expect(withLengthRange('^[a-z]+\\.[a-z]*$', 1, 5)).toBe('^[a-z]+\\.[a-z]*$');
  });

  it('keep the fitting values, and let a value through rather than retry for ever', () => {
    const even = fc.sample(
      fittingMostly(fc.integer(), (n) => n % 2 === 0),
      200,
    );
    expect(even.every((n) => n % 2 === 0)).toBe(true);
    // Nothing ever fits: it still ends, with values.
    expect(
      fc.sample(
        fittingMostly(fc.integer(), () => false),
        20,
      ),
    ).toHaveLength(20);
  });
});
