/**
 * The relative time of SPEC 9 ("Activity relative time"), translatable: under 1 hour 'Just now',
 * under 24 hours 'N hours ago', under 48 hours 'Yesterday', else the date in the UI language's
 * Indian locale. In English it reads exactly as core's `formatRelativeTime`.
 */
import { relativeTimeParts } from '@pehchaan/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A formatter `(iso, now?) => text` in the UI language; '' for an unparsable timestamp. */
export function useRelativeTime(): (timestamp: string, now?: number) => string {
  const { t, i18n } = useTranslation('notifications');
  return useCallback(
    (timestamp: string, now: number = Date.now()) => {
      const parts = relativeTimeParts(timestamp, now);
      switch (parts.unit) {
        case 'justNow':
          return t('time.justNow');
        case 'hours':
          return t('time.hours', { count: parts.count });
        case 'yesterday':
          return t('time.yesterday');
        case 'date':
          return new Date(parts.ms).toLocaleDateString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
        case 'invalid':
          return '';
      }
    },
    [t, i18n.language],
  );
}
