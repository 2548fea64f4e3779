import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it("shows day, short month and year in the UI language's Indian locale", () => {
    expect(formatDate('2025-01-01T00:00:00Z', 'en')).toBe(
      new Date('2025-01-01T00:00:00Z').toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    );
    expect(formatDate('2025-01-01T00:00:00Z', 'hi')).toBe(
      new Date('2025-01-01T00:00:00Z').toLocaleDateString('hi-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    );
    // Repeated calls (the cached formatter) give the same text.
    expect(formatDate('2030-12-31T00:00:00Z', 'en')).toBe(formatDate('2030-12-31T00:00:00Z', 'en'));
    expect(formatDate('2030-12-31T00:00:00Z', 'en')).toMatch(/2030/);
  });

  it('returns what is not a date unchanged', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
