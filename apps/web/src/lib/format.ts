/**
 * How the app writes a date, a time, a number and an amount: the one formatting module of the
 * screens (issue 19, "Preferences that apply"). Every date, time and amount a screen shows goes
 * through these functions with the holder's preferences from Settings › Preferences (SPEC 3
 * timezone, dateFormat, timeFormat, currency; SPEC 9 defaults Asia/Kolkata, DD/MM/YYYY, 12h,
 * INR) and the UI language; `useFormat` (lib/preferences.tsx) binds them for a component.
 *
 * Built on the ECMAScript Internationalization API (`Intl.DateTimeFormat` with `timeZone` and
 * `hourCycle`, `Intl.NumberFormat` with `currency`). Formatters are made once per option set and
 * kept, since making one costs far more than using it (docs/performance.md: the first Intl
 * formatter of a page loads its locale data). A calendar date in India (UTC+05:30 all year, no
 * daylight saving) is worked out without Intl, so the public /verify page, which shows dates in
 * the default preferences, sets up no date formatter at all.
 *
 * Pure functions; no React, no storage.
 */
import { languageEntry, type UserSettings } from '@pehchaan/core';

/** The preferences that decide how dates, times and amounts read. */
export interface FormatPreferences {
  /** The UI language (BCP 47 tag: 'en', 'hi', 'ta' ...): month-free numbers and words. */
  language: string;
  timeZone: UserSettings['timezone'];
  dateFormat: UserSettings['dateFormat'];
  timeFormat: UserSettings['timeFormat'];
  currency: UserSettings['currency'];
  /**
   * Settings › Preferences › Digits: `latin` (0-9) or `native` (the language's own digits, the
   * registry's `digits` numbering system: ०-९ in Marathi). Only numbers, dates, times and amounts
   * this module writes follow it; identifiers never pass through here and stay Latin.
   */
  digits: UserSettings['digits'];
}

/**
 * SPEC 9's defaults (core's DEFAULT_SETTINGS), in English. Written out rather than read from
 * core's settings module, which builds the settings schemas with zod when loaded: the /verify
 * island formats with this module before the app (and zod) is loaded (format.test.ts keeps the
 * two equal).
 */
export const DEFAULT_FORMAT_PREFERENCES: FormatPreferences = {
  language: 'en',
  timeZone: 'Asia/Kolkata',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'INR',
  digits: 'latin',
};

/**
 * The Intl locale of a UI language: a language whose registry entry has region IN (core's
 * languages/registry.ts: English and every language of India) with that region, so numbers
 * group as 12,50,000 (en-IN, hi-IN, ta-IN, ur-IN, mni-Beng-IN); any other as it is (es, fr, de, ja).
 */
export function localeOf(language: string): string {
  const entry = languageEntry(language);
  return entry?.region === 'IN' ? `${entry.code}-IN` : language;
}

/**
 * Whether numbers of `language` are grouped the Indian way (12,34,567): English and every
 * language of India (registry region IN). CLDR's data for some of them (Urdu, Kashmiri, Sindhi,
 * Manipuri, Santali, Maithili, Dogri) groups by thousands, so `indianGrouping` regroups them.
 */
function groupsIndian(language: string): boolean {
  return languageEntry(language)?.region === 'IN';
}

/**
 * The formatted parts of a number with their integer part regrouped in the Indian system (the
 * last three digits, then pairs: 1250000 -> 12,50,000), keeping the locale's digits and group
 * separator ('۱۲٬۵۰٬۰۰۰' in Urdu with native digits). A number the formatter did not group
 * (under 1,000, or `useGrouping: false`) is returned as formatted. docs/requirements.md D9.7.
 */
export function indianGrouping(parts: readonly Intl.NumberFormatPart[]): string {
  const first = parts.findIndex((part) => part.type === 'integer');
  let last = first;
  while (last + 1 < parts.length && ['integer', 'group'].includes(parts[last + 1]?.type ?? '')) {
    last += 1;
  }
  const run = first < 0 ? [] : parts.slice(first, last + 1);
  const separator = run.find((part) => part.type === 'group')?.value;
  if (!separator) return parts.map((part) => part.value).join('');
  const digits = [
    ...run
      .filter((part) => part.type === 'integer')
      .map((part) => part.value)
      .join(''),
  ];
  const groups = [digits.slice(-3).join('')];
  for (let end = digits.length - 3; end > 0; end -= 2) {
    groups.unshift(digits.slice(Math.max(0, end - 2), end).join(''));
  }
  const before = parts
    .slice(0, first)
    .map((part) => part.value)
    .join('');
  const after = parts
    .slice(last + 1)
    .map((part) => part.value)
    .join('');
  return `${before}${groups.join(separator)}${after}`;
}

/**
 * The Intl numbering system (UTS 35 `nu`) numbers are written in: the language's own digits (the
 * registry's `digits`: 'deva', 'tamldec', 'beng'...) when the holder chose native digits, else
 * 'latn'. A language whose own digits are the Latin ones (English, Japanese...) is always 'latn'.
 */
export function numberingSystemOf(prefs: Pick<FormatPreferences, 'language' | 'digits'>): string {
  if (prefs.digits !== 'native') return 'latn';
  return languageEntry(prefs.language)?.digits ?? 'latn';
}

/**
 * Whether `language` has digits of its own, distinct from 0-9 (Hindi, Marathi, Tamil, Bengali...;
 * not English, Japanese, Spanish): Settings offers the Digits choice only then.
 */
export function hasNativeDigits(language: string): boolean {
  const digits = languageEntry(language)?.digits;
  return digits !== undefined && digits !== 'latn';
}

/** `text`'s digits 0-9 written in numbering system `nu` (a date written by hand below). */
function inDigits(text: string, nu: string): string {
  if (nu === 'latn') return text;
  const writer = cached(
    `digits:${nu}`,
    () => new Intl.NumberFormat('en', { numberingSystem: nu, useGrouping: false }),
  );
  return text.replace(/[0-9]/g, (digit) => writer.format(Number(digit)));
}

const IST_OFFSET_MS = 330 * 60_000;
/** A calendar date written YYYY-MM-DD (a date of birth, a validity start): no time zone. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

function toMs(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'number' ? value : Date.parse(value);
}

/** The calendar date of instant `ms` in `timeZone`. */
function calendarDateIn(ms: number, timeZone: string): CalendarDate {
  if (timeZone === 'Asia/Kolkata') {
    const ist = new Date(ms + IST_OFFSET_MS);
    return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1, day: ist.getUTCDate() };
  }
  const parts = cached(
    `date:${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        numberingSystem: 'latn',
      }),
  ).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

function writeDate({ year, month, day }: CalendarDate, pattern: FormatPreferences['dateFormat']) {
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  const yyyy = String(year).padStart(4, '0');
  switch (pattern) {
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'YYYY-MM-DD':
      return `${yyyy}-${mm}-${dd}`;
    default:
      return `${dd}/${mm}/${yyyy}`;
  }
}

/**
 * A date in the holder's date format: an instant (ISO 8601 with a time, epoch ms or a Date) as
 * its calendar date in the holder's time zone; a date-only 'YYYY-MM-DD' (a date of birth) as that
 * calendar date, never shifted by a time zone.
 * @returns e.g. '15/03/1988' (DD/MM/YYYY), '03/15/1988', '1988-03-15'; a string that is not a
 *   date comes back unchanged ('' for an invalid number or Date).
 */
export function formatDate(value: string | number | Date, prefs: FormatPreferences): string {
  if (typeof value === 'string') {
    const dateOnly = DATE_ONLY.exec(value);
    if (dateOnly) {
      const [, year, month, day] = dateOnly;
      return inDigits(
        writeDate({ year: Number(year), month: Number(month), day: Number(day) }, prefs.dateFormat),
        numberingSystemOf(prefs),
      );
    }
  }
  const ms = toMs(value);
  if (Number.isNaN(ms)) return typeof value === 'string' ? value : '';
  return inDigits(
    writeDate(calendarDateIn(ms, prefs.timeZone), prefs.dateFormat),
    numberingSystemOf(prefs),
  );
}

/**
 * The time of day of an instant in the holder's time zone and time format, in the UI language:
 * '3:05 pm' (12h, en-IN), '15:05' (24h).
 * @returns '' for a value that is not an instant.
 */
export function formatTime(value: string | number | Date, prefs: FormatPreferences): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return '';
  const locale = localeOf(prefs.language);
  const nu = numberingSystemOf(prefs);
  return cached(
    `time:${locale}:${prefs.timeZone}:${prefs.timeFormat}:${nu}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: prefs.timeZone,
        hour: prefs.timeFormat === '24h' ? '2-digit' : 'numeric',
        minute: '2-digit',
        hourCycle: prefs.timeFormat === '24h' ? 'h23' : 'h12',
        numberingSystem: nu,
      }),
  ).format(ms);
}

/** Date and time of an instant: '15/03/2025, 3:05 pm'; '' when it is not an instant. */
export function formatDateTime(value: string | number | Date, prefs: FormatPreferences): string {
  const ms = toMs(value);
  if (Number.isNaN(ms)) return '';
  return `${formatDate(ms, prefs)}, ${formatTime(ms, prefs)}`;
}

/**
 * A number in the UI language's grouping and the holder's digits: 1250000 -> '12,50,000'
 * (en-IN), '१२,५०,०००' (Marathi, native digits). `digits` absent: Latin. `useGrouping: false`
 * writes a year as one run of digits ('२०२६', not '२,०२६').
 */
export function formatNumber(
  value: number,
  prefs: Pick<FormatPreferences, 'language'> & Partial<Pick<FormatPreferences, 'digits'>>,
  options: { maximumFractionDigits?: number; useGrouping?: boolean } = {},
): string {
  const locale = localeOf(prefs.language);
  const digits = options.maximumFractionDigits ?? 3;
  const grouping = options.useGrouping !== false;
  const nu = numberingSystemOf({ language: prefs.language, digits: prefs.digits ?? 'latin' });
  const formatter = cached(
    `number:${locale}:${digits}:${nu}:${grouping}`,
    () =>
      new Intl.NumberFormat(locale, {
        maximumFractionDigits: digits,
        numberingSystem: nu,
        // The locale's own grouping ('auto') unless asked for none.
        ...(grouping ? {} : { useGrouping: false }),
      }),
  );
  return grouping && groupsIndian(prefs.language)
    ? indianGrouping(formatter.formatToParts(value))
    : formatter.format(value);
}

/**
 * Indicative value of one unit of each currency in rupees, for showing a rupee amount in the
 * holder's currency (Settings › Currency). Rounded reference figures of late 2025 that change
 * daily: a converted amount is always marked approximate and shown beside the rupees, never
 * instead of them.
 */
export const INDICATIVE_RUPEES_PER_UNIT: Readonly<Record<FormatPreferences['currency'], number>> = {
  INR: 1,
  USD: 88,
  EUR: 102,
  GBP: 117,
  JPY: 0.58,
};

function currencyText(amount: number, currency: string, locale: string, nu: string): string {
  const formatter = cached(
    `currency:${locale}:${currency}:${nu}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, numberingSystem: nu }),
  );
  return locale.endsWith('-IN')
    ? indianGrouping(formatter.formatToParts(amount))
    : formatter.format(amount);
}

/** An amount as the holder reads it: in its own currency, and approximately in theirs. */
export interface FormattedAmount {
  /** The amount in its own currency, in the UI language: '₹4,50,000.00'. */
  text: string;
  /**
   * The holder's currency, approximately, when it is another one: '≈ $5,113.64' (USD at the
   * indicative rate); null when the holder's currency is the amount's.
   */
  approximate: string | null;
}

/**
 * A rupee amount (the sample data's currency, SPEC 9) in the UI language, with its approximate
 * value in the holder's currency when that is not the rupee.
 */
export function formatAmount(rupees: number, prefs: FormatPreferences): FormattedAmount {
  const locale = localeOf(prefs.language);
  const nu = numberingSystemOf(prefs);
  const text = currencyText(rupees, 'INR', locale, nu);
  if (prefs.currency === 'INR') return { text, approximate: null };
  const converted = rupees / INDICATIVE_RUPEES_PER_UNIT[prefs.currency];
  return { text, approximate: `≈ ${currencyText(converted, prefs.currency, locale, nu)}` };
}
