/**
 * What the screens know of the signed-in holder beyond the session (issue 19): their
 * preferences from Settings (time zone, date format, time format, currency, Debug mode) and the
 * name they are greeted by. One context, filled by the app's holder source
 * (app/holder-source.tsx, which reads the settings and profile queries: features do not import
 * each other, STYLE 1); without a signed-in holder it holds SPEC 9's defaults and no name.
 *
 * `useFormat()` is how a component writes every date, time, number and amount (lib/format.ts
 * with these preferences and the UI language), and SPEC 9's relative times ('Just now',
 * 'N hours ago', 'Yesterday', 'N days ago'), translated. A change in Settings reaches every
 * screen at once: the settings query's cache entry changes, the source hands the new value here.
 */
import { lastActivityParts, relativeTimeParts } from '@pehchaan/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from './bidi';
import {
  DEFAULT_FORMAT_PREFERENCES,
  type FormatPreferences,
  type FormattedAmount,
  formatAmount,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
} from './format';
import { setInterpolationDigits } from './i18n';

/** The holder's preferences (Settings › Preferences and Advanced). */
export interface HolderPreferences extends Omit<FormatPreferences, 'language'> {
  /** Settings › Advanced › Debug mode: the Developer tools panels start open. */
  debugMode: boolean;
}

export interface HolderFacts {
  preferences: HolderPreferences;
  /**
   * The name the holder is greeted by: their display name, else the name their credentials
   * carry; null while unknown or signed out.
   */
  greetingName: string | null;
}

export const DEFAULT_HOLDER_FACTS: HolderFacts = {
  preferences: {
    timeZone: DEFAULT_FORMAT_PREFERENCES.timeZone,
    dateFormat: DEFAULT_FORMAT_PREFERENCES.dateFormat,
    timeFormat: DEFAULT_FORMAT_PREFERENCES.timeFormat,
    currency: DEFAULT_FORMAT_PREFERENCES.currency,
    digits: DEFAULT_FORMAT_PREFERENCES.digits,
    debugMode: false,
  },
  greetingName: null,
};

const HolderFactsContext = createContext<HolderFacts>(DEFAULT_HOLDER_FACTS);

/**
 * Provides `value` to the screens below (the app's holder source; tests pass their own), and
 * hands the holder's digits to i18next (lib/i18n.ts `setInterpolationDigits`), so numbers inside
 * translated sentences follow Settings › Digits as formatted ones do; Latin again when it unmounts.
 */
export function HolderFactsProvider({
  value,
  children,
}: {
  value: HolderFacts;
  children: ReactNode;
}) {
  const { digits } = value.preferences;
  // A passive effect: the screens below subscribe to i18next in theirs, which run first, so
  // they all hear the change.
  useEffect(() => {
    setInterpolationDigits(digits);
  }, [digits]);
  useEffect(() => () => setInterpolationDigits('latin'), []);
  return <HolderFactsContext.Provider value={value}>{children}</HolderFactsContext.Provider>;
}

/** The holder's preferences (SPEC 9 defaults when signed out). */
export function usePreferences(): HolderPreferences {
  return useContext(HolderFactsContext).preferences;
}

/** The name to greet the holder by; null while unknown. */
export function useGreetingName(): string | null {
  return useContext(HolderFactsContext).greetingName;
}

/** The formatters of one render, bound to the holder's preferences and the UI language. */
export interface Formatter {
  preferences: FormatPreferences;
  /** '15/03/2025' in the chosen format and time zone (a date-only value is not shifted). */
  date: (value: string | number | Date) => string;
  /** '3:05 pm' / '15:05'. */
  time: (value: string | number | Date) => string;
  /** '15/03/2025, 3:05 pm'. */
  dateTime: (value: string | number | Date) => string;
  number: (
    value: number,
    options?: { maximumFractionDigits?: number; useGrouping?: boolean },
  ) => string;
  /** A rupee amount, and approximately in the holder's currency. */
  amount: (rupees: number) => FormattedAmount;
  /** A rupee amount as one text: '₹4,50,000.00', or '₹4,50,000.00 (≈ $5,113.64)'. */
  money: (rupees: number) => string;
  /**
   * SPEC 9 "Activity relative time": 'Just now' (under 1 hour), 'N hours ago' (under 24),
   * 'Yesterday' (under 48), else the date; '' when not a timestamp.
   */
  relative: (timestamp: string, now?: number) => string;
  /** SPEC 9 "Last Activity text": 'Just now', 'N hours ago', else 'N days ago'; '' when invalid. */
  lastActivity: (timestamp: string, now?: number) => string;
}

/** The formatters for this component (see Formatter). */
export function useFormat(): Formatter {
  const { t, i18n } = useTranslation('common');
  const { timeZone, dateFormat, timeFormat, currency, digits } = usePreferences();
  const language = i18n.language;
  return useMemo(() => {
    const preferences: FormatPreferences = {
      language,
      timeZone,
      dateFormat,
      timeFormat,
      currency,
      digits,
    };
    // In a right-to-left language each date, time, number and amount is isolated left to right
    // (isolateLtr), as it is interpolated into translated sentences and attributes.
    const ltr = (text: string) => isolateLtr(text, language);
    const date = (value: string | number | Date) => ltr(formatDate(value, preferences));
    const amount = (rupees: number): FormattedAmount => {
      const { text, approximate } = formatAmount(rupees, preferences);
      return { text: ltr(text), approximate: approximate === null ? null : ltr(approximate) };
    };
    return {
      preferences,
      date,
      time: (value) => ltr(formatTime(value, preferences)),
      dateTime: (value) => ltr(formatDateTime(value, preferences)),
      number: (value, options) => ltr(formatNumber(value, preferences, options)),
      amount,
      money: (rupees) => {
        const { text, approximate } = amount(rupees);
        return approximate ? `${text} (${approximate})` : text;
      },
      relative: (timestamp, now = Date.now()) => {
        const parts = relativeTimeParts(timestamp, now);
        switch (parts.unit) {
          case 'justNow':
            return t('time.justNow');
          case 'hours':
            return t('time.hours', { count: parts.count });
          case 'yesterday':
            return t('time.yesterday');
          case 'date':
            return date(parts.ms);
          case 'invalid':
            return '';
        }
      },
      lastActivity: (timestamp, now = Date.now()) => {
        const parts = lastActivityParts(timestamp, now);
        switch (parts.unit) {
          case 'justNow':
            return t('time.justNow');
          case 'hours':
            return t('time.hours', { count: parts.count });
          case 'days':
            return t('time.days', { count: parts.count });
          case 'invalid':
            return '';
        }
      },
    };
  }, [t, language, timeZone, dateFormat, timeFormat, currency, digits]);
}
