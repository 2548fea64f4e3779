/** The registered organisations' names per language: keyed by verifier id, own name elsewhere. */
import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES } from '../api/settings';
import {
  ORGANISATION_NAMES,
  organisationDisplayName,
  organisationIdOf,
} from './organisation-names';
import { VERIFIER_SEEDS } from './verifier-seeds';

describe('organisation names', () => {
  it('has an entry for every registered verifier, keyed by its id, with its own name', () => {
    expect(Object.keys(ORGANISATION_NAMES).sort()).toEqual(
      VERIFIER_SEEDS.map((seed) => seed.id).sort(),
    );
    for (const seed of VERIFIER_SEEDS) expect(ORGANISATION_NAMES[seed.id]?.own).toBe(seed.name);
    for (const { names } of Object.values(ORGANISATION_NAMES)) {
      for (const [language, name] of Object.entries(names)) {
        expect(UI_LANGUAGES).toContain(language);
        expect(name?.trim()).not.toBe('');
        // English is the organisation's own name, never an entry.
        expect(language).not.toBe('en');
      }
    }
  });

  it('names the bank by its official Hindi and Tamil names, by id or by its own name', () => {
    expect(organisationDisplayName('verifier-sbi', 'hi')).toBe('भारतीय स्टेट बैंक');
    expect(organisationDisplayName('State Bank of India', 'hi')).toBe('भारतीय स्टेट बैंक');
    expect(organisationDisplayName('State Bank of India', 'ta')).toBe('பாரத ஸ்டேட் வங்கி');
    expect(organisationDisplayName('LIC of India', 'hi')).toBe('भारतीय जीवन बीमा निगम');
    expect(organisationIdOf('Bharti Airtel')).toBe('verifier-airtel');
  });

  it('keeps the own name where the organisation has none in the language, and any other name as is', () => {
    expect(organisationDisplayName('State Bank of India', 'en')).toBe('State Bank of India');
    expect(organisationDisplayName('verifier-sbi', 'de')).toBe('State Bank of India');
    expect(organisationDisplayName('Bharti Airtel', 'ta')).toBe('Bharti Airtel');
    expect(organisationDisplayName('Acme Verifier Pvt Ltd', 'hi')).toBe('Acme Verifier Pvt Ltd');
  });
});
