import { describe, expect, it } from 'vitest';
import * as parts from './index';
import { formatLastActivity, formatRelativeTime } from './index';

const now = Date.parse('2025-03-20T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();

describe('Last Activity text', () => {
  it('uses Just now, N hours ago and N days ago', () => {
    expect(formatLastActivity(ago(0.5), now)).toBe('Just now');
    expect(formatLastActivity(ago(3), now)).toBe('3 hours ago');
    expect(formatLastActivity(ago(23.9), now)).toBe('23 hours ago');
    expect(formatLastActivity(ago(50), now)).toBe('2 days ago');
    expect(formatLastActivity('not a date', now)).toBe('');
  });
});

describe('activity relative time', () => {
  it('adds Yesterday and an en-IN date', () => {
    expect(formatRelativeTime(ago(0.2), now)).toBe('Just now');
    expect(formatRelativeTime(ago(5), now)).toBe('5 hours ago');
    expect(formatRelativeTime(ago(30), now)).toBe('Yesterday');
    expect(formatRelativeTime('2025-01-05T10:00:00Z', now)).toBe(
      new Date('2025-01-05T10:00:00Z').toLocaleDateString('en-IN'),
    );
  });
});

describe('parts for translation', () => {
  it('name the same units the English texts use', () => {
    const { lastActivityParts, relativeTimeParts } = parts;
    expect(lastActivityParts(ago(-1), now)).toEqual({ unit: 'justNow' });
    expect(lastActivityParts(ago(5), now)).toEqual({ unit: 'hours', count: 5 });
    expect(lastActivityParts(ago(49), now)).toEqual({ unit: 'days', count: 2 });
    expect(lastActivityParts('nope', now)).toEqual({ unit: 'invalid' });
    expect(relativeTimeParts(ago(30), now)).toEqual({ unit: 'yesterday' });
    expect(relativeTimeParts(ago(48), now)).toEqual({ unit: 'date', ms: now - 48 * 3_600_000 });
  });
});
