/**
 * Latin runs inside right-to-left sentences (docs/i18n.md "Left to right inside right to left"):
 * a URL scheme, an e-mail address, a path or a Latin name inside an Urdu, Kashmiri or Sindhi
 * text is isolated left to right (UAX 9), so it reads in order; nothing changes in a
 * left-to-right language.
 */
import { act } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { isolateLatinRuns, isolateLtr } from './bidi';
import { i18n, setLanguage } from './i18n';

const LRI = '\u2066';
const PDI = '\u2069';
/** The text with its isolates written as [ and ], to read the expectations. */
const shown = (text: string) => text.replaceAll(LRI, '[').replaceAll(PDI, ']');

describe('isolateLatinRuns', () => {
  it('isolates a URL scheme, a path, a prefix and an e-mail address inside Urdu', () => {
    expect(shown(isolateLatinRuns('openid4vp:// یا https لنک پیسٹ کریں', 'ur'))).toBe(
      '[openid4vp://] یا [https] لنک پیسٹ کریں',
    );
    expect(shown(isolateLatinRuns('پہچان کے /verify سے اسکین کریں', 'ur'))).toBe(
      'پہچان کے [/verify] سے اسکین کریں',
    );
    expect(shown(isolateLatinRuns('اے پی آئی کلید pvk_ سے شروع ہوتی ہے۔', 'ur'))).toBe(
      'اے پی آئی کلید [pvk_] سے شروع ہوتی ہے۔',
    );
    expect(shown(isolateLatinRuns('جیسے name@example.com', 'ur'))).toBe('جیسے [name@example.com]');
  });

  it('keeps a name of several words whole, and brackets and stops with the sentence', () => {
    expect(shown(isolateLatinRuns('State Bank of India نے درخواست کی۔', 'ur'))).toBe(
      '[State Bank of India] نے درخواست کی۔',
    );
    expect(shown(isolateLatinRuns('بھارت (Asia/Kolkata)', 'ur'))).toBe('بھارت ([Asia/Kolkata])');
    expect(shown(isolateLatinRuns('رسید "Consent given." کو', 'sd'))).toBe(
      'رسید "[Consent given]." کو',
    );
    expect(shown(isolateLatinRuns('مثال receipt-3f9a…', 'ks'))).toBe('مثال [receipt-3f9a…]');
  });

  it('leaves left-to-right languages, all-Latin texts, isolates already there and tags alone', () => {
    expect(isolateLatinRuns('Paste an openid4vp:// or https link', 'en')).toBe(
      'Paste an openid4vp:// or https link',
    );
    expect(isolateLatinRuns('openid4vp:// या https लिंक', 'hi')).toBe('openid4vp:// या https लिंक');
    expect(isolateLatinRuns('DD/MM/YYYY', 'ur')).toBe('DD/MM/YYYY');
    const date = isolateLtr('15/03/2025, 3:05 pm', 'ur');
    expect(isolateLatinRuns(`میعاد ${date} تک`, 'ur')).toBe(`میعاد ${date} تک`);
    expect(shown(isolateLatinRuns('<1>JSON</1> کاپی کریں', 'ur'))).toBe('<1>[JSON]</1> کاپی کریں');
  });
});

describe('translated texts (i18next post-processor)', () => {
  afterAll(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('in Urdu the /consent paste label reads openid4vp:// in order; in English it is unchanged', async () => {
    await setLanguage('ur');
    const label = i18n.t('presentation.pasteLabel', { ns: 'consent' });
    expect(label).toContain(`${LRI}openid4vp://${PDI}`);
    // A Latin name interpolated into an Urdu sentence is kept whole.
    const withName = i18n.t('footer.copyright', { year: 'Pehchaan Labs' });
    expect(withName).toContain(`${LRI}Pehchaan Labs${PDI}`);
    await setLanguage('en');
    expect(i18n.t('presentation.pasteLabel', { ns: 'consent' })).not.toMatch(/[\u2066-\u2069]/);
  });
});
