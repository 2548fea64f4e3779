import {
  DEMO_OTP,
  formatLastActivity,
  formatRelativeTime,
  lastActivityParts,
  MESSAGES,
  relativeTimeParts,
} from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import type en from '@/locales/en/messages.json';
import { i18n, resources } from './i18n';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('English texts (SPEC 5, 8, 9)', () => {
  it('messages.json says exactly what @pehchaan/core MESSAGES says', () => {
    const t = i18n.getFixedT('en', 'messages');
    for (const [key, value] of Object.entries(MESSAGES)) {
      if (typeof value === 'string') expect(t(key as keyof typeof en)).toBe(value);
    }
    expect(t('wrongDemoOtp', { otp: DEMO_OTP })).toBe(MESSAGES.wrongDemoOtp(DEMO_OTP));
    expect(t('duplicateDocument', { documentName: 'PAN Card' })).toBe(
      MESSAGES.duplicateDocument('PAN Card'),
    );
    expect(t('backendUnavailable', { aadhaar: '2345 6789 0125', phone: '9876543210' })).toBe(
      MESSAGES.backendUnavailable('2345 6789 0125', '9876543210'),
    );
  });

  it("Last Activity and the relative times word it as core's formatLastActivity and formatRelativeTime do", () => {
    const t = i18n.getFixedT('en', 'common');
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    for (const minutesAgo of [
      -5,
      0,
      59,
      60,
      61,
      119,
      23 * 60 + 59,
      24 * 60,
      47 * 60,
      30 * 24 * 60,
    ]) {
      const at = new Date(now - minutesAgo * 60_000).toISOString();
      const parts = lastActivityParts(at, now);
      if (parts.unit === 'invalid') throw new Error(`${at} should parse`);
      const count = parts.unit === 'justNow' ? 0 : parts.count;
      expect(t(`time.${parts.unit}`, { count })).toBe(formatLastActivity(at, now));
      const relative = relativeTimeParts(at, now);
      if (relative.unit !== 'date' && relative.unit !== 'invalid') {
        const hours = relative.unit === 'hours' ? relative.count : 0;
        expect(t(`time.${relative.unit}`, { count: hours })).toBe(formatRelativeTime(at, now));
      }
    }
  });
});

describe('Hindi', () => {
  it('has no key that English lacks', () => {
    for (const ns of Object.keys(resources.hi) as (keyof typeof resources.hi)[]) {
      const english = new Set(leafKeys(resources.en[ns]));
      for (const key of leafKeys(resources.hi[ns])) expect(english, `${ns}:${key}`).toContain(key);
    }
  });

  it('translates the header, footer and login, and falls back to English elsewhere', async () => {
    await i18n.changeLanguage('hi');
    expect(i18n.t('nav.signIn')).toBe('साइन इन करें');
    expect(i18n.t('footer.product')).toBe('उत्पाद');
    expect(i18n.t('auth:sendOtp')).toBe('ओटीपी भेजें');
    expect(i18n.t('dashboard:why.title')).toBe('Why choose Pehchaan?');
    expect(document.documentElement.lang).toBe('hi');
  });
});
