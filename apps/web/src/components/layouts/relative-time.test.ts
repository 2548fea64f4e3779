import { formatRelativeTime, relativeTimeParts } from '@pehchaan/core';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useRelativeTime } from './relative-time';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

describe('relative time (SPEC 9)', () => {
  it("reads in English exactly as core's formatRelativeTime", () => {
    const { result } = renderHook(() => useRelativeTime());
    for (const m of [-5, 0, 59, 60, 61, 23 * 60 + 59, 24 * 60, 47 * 60 + 59, 48 * 60, 400 * 60]) {
      expect(result.current(minutesAgo(m), NOW)).toBe(formatRelativeTime(minutesAgo(m), NOW));
    }
  });

  it('gives parts for translation and nothing for an unparsable time', () => {
    expect(relativeTimeParts(minutesAgo(150), NOW)).toEqual({ unit: 'hours', count: 2 });
    expect(relativeTimeParts('not a date', NOW)).toEqual({ unit: 'invalid' });
    const { result } = renderHook(() => useRelativeTime());
    expect(result.current('not a date', NOW)).toBe('');
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    const { result } = renderHook(() => useRelativeTime());
    expect(result.current(minutesAgo(3 * 60), NOW)).toBe('3 घंटे पहले');
    expect(result.current(minutesAgo(1), NOW)).toBe('अभी-अभी');
  });
});
