import { formatLastActivity, formatRelativeTime } from '@pehchaan/core';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import {
  DEFAULT_HOLDER_FACTS,
  type HolderFacts,
  HolderFactsProvider,
  useFormat,
} from './preferences';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function withFacts(facts: HolderFacts) {
  return ({ children }: { children: ReactNode }) => (
    <HolderFactsProvider value={facts}>{children}</HolderFactsProvider>
  );
}

describe('useFormat', () => {
  it("reads relative times in English exactly as core's SPEC 9 texts", () => {
    const { result } = renderHook(() => useFormat());
    for (const m of [-5, 0, 59, 60, 61, 23 * 60 + 59, 24 * 60, 47 * 60 + 59, 48 * 60, 400 * 60]) {
      const at = minutesAgo(m);
      if (m < 48 * 60) expect(result.current.relative(at, NOW)).toBe(formatRelativeTime(at, NOW));
      expect(result.current.lastActivity(at, NOW)).toBe(formatLastActivity(at, NOW));
    }
    expect(result.current.relative('not a date', NOW)).toBe('');
  });

  it("writes an older entry's date, and every date, in the holder's format and time zone", () => {
    const facts: HolderFacts = {
      ...DEFAULT_HOLDER_FACTS,
      preferences: {
        ...DEFAULT_HOLDER_FACTS.preferences,
        dateFormat: 'YYYY-MM-DD',
        timeFormat: '24h',
        timeZone: 'America/New_York',
      },
    };
    const { result } = renderHook(() => useFormat(), { wrapper: withFacts(facts) });
    expect(result.current.relative('2025-05-20T02:00:00.000Z', NOW)).toBe('2025-05-19');
    expect(result.current.dateTime('2025-05-20T02:00:00.000Z')).toBe('2025-05-19, 22:00');
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    const { result } = renderHook(() => useFormat());
    expect(result.current.relative(minutesAgo(3 * 60), NOW)).toBe('3 घंटे पहले');
    expect(result.current.relative(minutesAgo(1), NOW)).toBe('अभी-अभी');
    expect(result.current.lastActivity(minutesAgo(3 * 24 * 60), NOW)).toBe('3 दिन पहले');
  });
});
