import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

const intl = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });

describe('formatDate', () => {
  it("shows day, short month and year as the UI language's Indian locale does, every month", () => {
    for (let month = 0; month < 12; month++) {
      const iso = new Date(2025, month, month + 1, 12).toISOString();
      expect(formatDate(iso, 'en')).toBe(intl(iso, 'en-IN'));
      expect(formatDate(iso, 'hi')).toBe(intl(iso, 'hi-IN'));
    }
    expect(formatDate('2025-01-01T12:00:00Z', 'en')).toMatch(/^1 Jan 2025$/);
  });

  it('uses the browser time zone, as Intl does', () => {
    const iso = '2030-12-31T23:30:00Z';
    expect(formatDate(iso, 'en')).toBe(intl(iso, 'en-IN'));
  });

  it('treats an unknown language as English', () => {
    expect(formatDate('2025-09-15T12:00:00Z', 'fr')).toBe('15 Sept 2025');
  });

  it('returns what is not a date unchanged', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
