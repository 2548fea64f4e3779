import { DEFAULT_SETTINGS } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FORMAT_PREFERENCES as DEFAULTS,
  type FormatPreferences,
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  hasNativeDigits,
  localeOf,
  numberingSystemOf,
} from './format';

const prefs = (change: Partial<FormatPreferences>): FormatPreferences => ({
  ...DEFAULTS,
  ...change,
});

describe('the default formats', () => {
  it("are SPEC 9's defaults, core's DEFAULT_SETTINGS, in English", () => {
    expect(DEFAULTS).toEqual({
      language: 'en',
      timeZone: DEFAULT_SETTINGS.timezone,
      dateFormat: DEFAULT_SETTINGS.dateFormat,
      timeFormat: DEFAULT_SETTINGS.timeFormat,
      currency: DEFAULT_SETTINGS.currency,
      digits: DEFAULT_SETTINGS.digits,
    });
  });
});

describe('dates in the holder’s format and time zone (Settings › Preferences)', () => {
  const instant = '2025-03-14T20:30:00.000Z'; // 15 March 02:00 in India, 14 March in New York

  it('writes DD/MM/YYYY in India by default (SPEC 9 defaults)', () => {
    expect(formatDate(instant, DEFAULTS)).toBe('15/03/2025');
  });

  it('follows the chosen date format', () => {
    expect(formatDate(instant, prefs({ dateFormat: 'MM/DD/YYYY' }))).toBe('03/15/2025');
    expect(formatDate(instant, prefs({ dateFormat: 'YYYY-MM-DD' }))).toBe('2025-03-15');
  });

  it('gives the calendar date in the chosen time zone', () => {
    expect(formatDate(instant, prefs({ timeZone: 'America/New_York' }))).toBe('14/03/2025');
    expect(formatDate(instant, prefs({ timeZone: 'Europe/London' }))).toBe('14/03/2025');
    expect(formatDate(instant, prefs({ timeZone: 'Asia/Tokyo' }))).toBe('15/03/2025');
  });

  it("agrees with Intl for India's time zone, which it works out without Intl", () => {
    for (let hour = 0; hour < 24; hour += 5) {
      const at = Date.UTC(2025, 11, 31, hour, 45);
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(at);
      expect(formatDate(at, DEFAULTS)).toBe(intl);
    }
  });

  it('never shifts a date-only value such as a date of birth', () => {
    expect(formatDate('1988-03-15', prefs({ timeZone: 'America/New_York' }))).toBe('15/03/1988');
    expect(formatDate('1988-03-15', prefs({ dateFormat: 'MM/DD/YYYY' }))).toBe('03/15/1988');
  });

  it('returns what is not a date unchanged', () => {
    expect(formatDate('not a date', DEFAULTS)).toBe('not a date');
    expect(formatDate(Number.NaN, DEFAULTS)).toBe('');
  });
});

describe('times in the holder’s time format', () => {
  const instant = '2025-03-15T09:35:00.000Z'; // 15:05 in India

  it('writes 12-hour time in India by default, and 24-hour when chosen', () => {
    expect(formatTime(instant, DEFAULTS)).toMatch(/^3:05\s?pm$/i);
    expect(formatTime(instant, prefs({ timeFormat: '24h' }))).toBe('15:05');
    expect(formatTime(instant, prefs({ timeFormat: '24h', timeZone: 'Asia/Tokyo' }))).toBe('18:35');
  });

  it('joins date and time', () => {
    expect(formatDateTime(instant, prefs({ timeFormat: '24h' }))).toBe('15/03/2025, 15:05');
    expect(formatDateTime('soon', DEFAULTS)).toBe('');
  });
});

describe('numbers and amounts', () => {
  it('groups numbers the way the UI language does', () => {
    expect(formatNumber(1_250_000, { language: 'en' })).toBe('12,50,000');
    expect(formatNumber(1_250_000, { language: 'de' })).toBe('1.250.000');
    expect(localeOf('hi')).toBe('hi-IN');
    // Every language of India groups the Indian way (core's registry region IN).
    expect(localeOf('ur')).toBe('ur-IN');
    expect(new Intl.NumberFormat(localeOf('mr')).format(1234567)).toMatch(
      /^(12,34,567|१२,३४,५६७)$/,
    );
    expect(localeOf('ja')).toBe('ja');
  });

  it('writes Manipuri in Bengali script with Bengali digits, Meetei Mayek with its own', () => {
    expect(localeOf('mni-Beng')).toBe('mni-Beng-IN');
    expect(localeOf('mni')).toBe('mni-IN');
    expect(hasNativeDigits('mni-Beng')).toBe(true);
    expect(numberingSystemOf({ language: 'mni-Beng', digits: 'native' })).toBe('beng');
    expect(numberingSystemOf({ language: 'mni', digits: 'native' })).toBe('mtei');
    // Bengali digits, grouped the Indian way (CLDR's Manipuri data groups by thousands).
    expect(formatNumber(1_250_000, { language: 'mni-Beng', digits: 'native' })).toBe('১২,৫০,০০০');
    expect(formatNumber(1_250_000, { language: 'mni-Beng', digits: 'latin' })).toBe('12,50,000');
  });

  it('groups the Indian way in every language of India, whatever CLDR groups by', () => {
    for (const language of ['ur', 'sd', 'mni', 'sat', 'mai', 'doi']) {
      expect(formatNumber(1_234_567, { language, digits: 'latin' })).toBe('12,34,567');
    }
    // Kashmiri keeps its own separator (the Arabic comma), grouped the Indian way.
    expect(formatNumber(1_234_567, { language: 'ks', digits: 'latin' })).toBe('12،34،567');
    expect(formatNumber(1_234_567, { language: 'ur', digits: 'native' })).toBe('۱۲٬۳۴٬۵۶۷');
    expect(formatNumber(1_234_567, { language: 'sat', digits: 'native' })).toBe('᱑᱒,᱓᱔,᱕᱖᱗');
    expect(formatNumber(123_456_789.5, { language: 'ur', digits: 'latin' })).toBe('12,34,56,789.5');
    expect(formatNumber(999, { language: 'ur', digits: 'latin' })).toBe('999');
    expect(formatNumber(2026, { language: 'ur', digits: 'latin' }, { useGrouping: false })).toBe(
      '2026',
    );
    expect(formatNumber(-1_234_567, { language: 'mai', digits: 'latin' })).toBe('-12,34,567');
    // Languages outside India keep their own grouping.
    expect(formatNumber(1_234_567, { language: 'fr' })).toMatch(/^1\s234\s567$/u);
  });

  it('writes rupees as Intl en-IN INR: two decimals, lakh and crore grouping (SPEC 9)', () => {
    const rupees = (n: number) => formatAmount(n, DEFAULTS);
    expect(rupees(450_000)).toEqual({ text: '₹4,50,000.00', approximate: null });
    expect(rupees(45_600_000).text).toBe('₹4,56,00,000.00');
    expect(rupees(43.3).text).toBe('₹43.30');
  });

  it("adds the approximate value in the holder's currency, never instead of the rupees", () => {
    const amount = formatAmount(880, prefs({ currency: 'USD' }));
    expect(amount.text).toBe('₹880.00');
    expect(amount.approximate).toBe('≈ $10.00');
    expect(formatAmount(1020, prefs({ currency: 'EUR' })).approximate).toBe('≈ €10.00');
  });
});
