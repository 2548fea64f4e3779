/**
 * The reasons of the product's own verifiers' purposes (core's VERIFIER_SEEDS) in every UI
 * language: English and Hindi are exactly what the server states (the seed registers both), and
 * every language words every claim of every seeded purpose.
 */
import { VERIFIER_SEEDS } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGES, loadLanguage } from './i18n';

/** The part of a language's `common` namespace read here. */
interface CommonBundle {
  consentReasons: Record<string, Record<string, string>>;
}

describe('consentReasons', () => {
  it('in English and Hindi are the seeded purposes’ own reasons', () => {
    for (const language of ['en', 'hi'] as const) {
      const reasons = (i18n.getResourceBundle(language, 'common') as CommonBundle).consentReasons;
      for (const purpose of VERIFIER_SEEDS.flatMap((verifier) => verifier.purposes)) {
        for (const [claim, reason] of Object.entries(purpose.claimReasons)) {
          expect(reasons[purpose.code]?.[claim]).toBe(reason[language]);
        }
      }
    }
  });

  it('are worded in every language for every claim of every seeded purpose', async () => {
    for (const language of LANGUAGES) {
      await loadLanguage(language);
      const bundle = i18n.getResourceBundle(language, 'common') as CommonBundle;
      for (const purpose of VERIFIER_SEEDS.flatMap((verifier) => verifier.purposes)) {
        expect(Object.keys(bundle.consentReasons[purpose.code] ?? {}).sort()).toEqual(
          Object.keys(purpose.claimReasons).sort(),
        );
        for (const text of Object.values(bundle.consentReasons[purpose.code] ?? {})) {
          expect(text.trim()).not.toBe('');
        }
      }
    }
  });
});
