import {
  ACTIVITY_MESSAGE_CODES,
  DEMO_OTP,
  describeActivity,
  formatLastActivity,
  formatRelativeTime,
  lastActivityParts,
  MESSAGES,
  relativeTimeParts,
} from '@pehchaan/core';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { describe, expect, it, vi } from 'vitest';
import type en from '@/locales/en/messages.json';
import { DETECTION_OPTIONS, I18N_OPTIONS, i18n, resources, setLanguage } from './i18n';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('English texts (SPEC 5, 8, 9)', () => {
  it('messages.json says exactly what @pehchaan/core MESSAGES says', () => {
    const t = i18n.getFixedT('en', 'messages');
    for (const [key, value] of Object.entries(MESSAGES)) {
      if (typeof value === 'string')
        expect(t(key as Exclude<keyof typeof en, 'problems'>)).toBe(value);
    }
    expect(t('wrongDemoOtp', { otp: DEMO_OTP })).toBe(MESSAGES.wrongDemoOtp(DEMO_OTP));
    expect(t('duplicateDocument', { documentName: 'PAN Card' })).toBe(
      MESSAGES.duplicateDocument('PAN Card'),
    );
    expect(t('backendUnavailable', { aadhaar: '2345 6789 0125', phone: '9876543210' })).toBe(
      MESSAGES.backendUnavailable('2345 6789 0125', '9876543210'),
    );
  });

  it("words every activity message as core's describeActivity does (SPEC 3, 4 texts)", () => {
    const t = i18n.getFixedT('en', 'activity');
    const params = {
      document_type: 'pan',
      requester: 'State Bank of India',
      purpose: 'Open savings account',
      fields: 'name,dob',
      device: 'Chrome on Linux',
      name: 'Pixel 8',
      date: '2026-06-08',
      factors: 'passkey,password',
      claims: 'name,date_of_birth',
      until: '2026-06-08T10:00:00.000Z',
      claim: 'pan_number',
      issuer: 'City Library',
    };
    for (const code of ACTIVITY_MESSAGE_CODES) {
      for (const count of [1, 3]) {
        const english = describeActivity({ code, params: { ...params, count } });
        expect(
          t(`messages.${code}`, {
            ...params,
            document: 'PAN Card',
            fields: 'name, date of birth',
            factors: 'a passkey and the account password',
            claims: 'Name, Date of Birth',
            until: '2026-06-08 10:00 UTC',
            claim: 'PAN Number',
            count,
          }),
          code,
        ).toBe(english);
      }
    }
    expect(t('messages.profile_updated', { context: 'none' })).toBe(
      describeActivity({ code: 'profile_updated', params: { fields: '' } }),
    ); // A status change is worded by its new status (SPEC 8), as the bell shows it.
    for (const status of ['revoked', 'suspended', 'valid', 'unknown']) {
      expect(
        t('messages.credential_status_changed', {
          document: 'Aadhaar Card',
          context: status === 'unknown' ? undefined : status,
        }),
      ).toBe(
        describeActivity({
          code: 'credential_status_changed',
          params: { document_type: 'aadhaar', status },
        }),
      );
    }
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

  it('translates the header, footer, login and dashboard', async () => {
    await setLanguage('hi');
    expect(i18n.t('nav.signIn')).toBe('साइन इन करें');
    expect(i18n.t('footer.product')).toBe('उत्पाद');
    expect(i18n.t('auth:sendOtp')).toBe('ओटीपी भेजें');
    expect(i18n.t('dashboard:why.title')).toBe('पहचान क्यों चुनें?');
    expect(document.documentElement.lang).toBe('hi');
    await setLanguage('en');
  });
});

describe('languages loaded on demand (issue 19)', () => {
  it('fetches every namespace of a language before switching to it, and remembers it', async () => {
    expect(i18n.hasResourceBundle('ta', 'common')).toBe(false);
    await setLanguage('ta');
    expect(i18n.language).toBe('ta');
    expect(i18n.t('nav.signIn')).toMatch(/\p{Script=Tamil}/u);
    for (const namespace of ['auth', 'settings', 'kycDemo', 'verifierPortal', 'sync']) {
      expect(i18n.hasResourceBundle('ta', namespace), namespace).toBe(true);
    }
    expect(document.documentElement.lang).toBe('ta');
    expect(window.localStorage.getItem('language')).toBe('ta');
    await setLanguage('en');
  });

  it("reads Manipuri in Bengali script from its own texts, not Meetei Mayek's", async () => {
    await setLanguage('mni-Beng');
    expect(i18n.language).toBe('mni-Beng');
    expect(i18n.t('nav.signIn')).toMatch(/^\p{Script=Bengali}/u);
    expect(i18n.t('auth:sendOtp')).toMatch(/\p{Script=Bengali}/u);
    expect(document.documentElement.lang).toBe('mni-Beng');
    await setLanguage('mni');
    expect(i18n.t('nav.signIn')).toMatch(/^\p{Script=Meetei_Mayek}/u);
    await setLanguage('en');
  });

  it.each([
    [null, ['ta-IN', 'en-US', 'en'], 'ta'],
    [null, ['hi-IN', 'en'], 'hi'],
    [null, ['fr-CA'], 'fr'],
    [null, ['fy-NL', 'bn-BD', 'en'], 'bn'],
    [null, ['fy-NL'], 'en'],
    [null, ['ur-PK', 'en'], 'ur'],
    [null, ['mni-Beng-IN', 'en'], 'mni-Beng'],
    [null, ['mni-IN', 'bn'], 'mni'],
    ['mni-Beng', ['en'], 'mni-Beng'],
    ['de', ['ja-JP'], 'de'],
    ['xx', ['es-ES'], 'es'],
  ])('opens with stored %s and browser languages %j in %s', async (stored, browser, expected) => {
    if (stored) window.localStorage.setItem('language', stored);
    const languages = vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(browser);
    const instance = i18next.createInstance();
    await instance
      .use(new LanguageDetector(null, DETECTION_OPTIONS))
      .init({ ...I18N_OPTIONS, resources: {} });
    expect(instance.language).toBe(expected);
    languages.mockRestore();
  });
});
