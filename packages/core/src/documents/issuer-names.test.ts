/** The issuers' display names: every issuer, every UI language; English is SPEC 3's name. */
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../api/settings';
import { ISSUERS } from './catalogue';
import { ISSUER_DISPLAY_NAMES } from './issuer-names';

describe('ISSUER_DISPLAY_NAMES', () => {
  it('names each of SPEC 3’s issuers in every UI language, English as SPEC 3 writes it', () => {
    expect(Object.keys(ISSUER_DISPLAY_NAMES).sort()).toEqual([...ISSUERS].sort());
    for (const issuer of ISSUERS) {
      const names = ISSUER_DISPLAY_NAMES[issuer];
      expect(names.en).toBe(issuer);
      for (const language of UI_LANGUAGES) expect(names[language].trim()).not.toBe('');
    }
  });
});
