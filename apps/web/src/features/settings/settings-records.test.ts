import { DEFAULT_SETTINGS, RETIRED_SETTINGS, SETTINGS_FIELDS } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import {
  choiceValue,
  FIELD_CHOICES,
  SECTION_FIELDS,
  SETTINGS_SECTION_IDS,
  withDevicePreferences,
} from './settings-records';

describe('settings records', () => {
  it('shows every SPEC 3 settings field once (in a section, or as an integration card), except the retired ones', () => {
    const shown = SETTINGS_SECTION_IDS.flatMap((id) => SECTION_FIELDS[id]);
    const integrations = SETTINGS_FIELDS.filter((f) => f.endsWith('Connected'));
    const retired = Object.keys(RETIRED_SETTINGS);
    expect(retired.sort()).toEqual([
      'analyticsOptOut',
      'locationSharing',
      'profileVisibility',
      'searchEngineIndexing',
      'thirdPartySharing',
    ]);
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown, ...integrations, ...retired].sort()).toEqual([...SETTINGS_FIELDS].sort());
    expect(integrations).toHaveLength(4);
  });

  it('offers a choice list for every non-boolean field shown', () => {
    for (const field of SETTINGS_FIELDS) {
      if (field in RETIRED_SETTINGS) continue;
      const isFlag = typeof DEFAULT_SETTINGS[field] === 'boolean';
      expect(FIELD_CHOICES[field] === undefined).toBe(isFlag);
    }
    expect(choiceValue('sessionTimeout', '60')).toBe(60);
    expect(choiceValue('theme', 'dark')).toBe('dark');
  });

  it("lays the device's theme and UI language over the stored settings", () => {
    const stored = { ...DEFAULT_SETTINGS, theme: 'light' as const, language: 'ja' as const };
    expect(withDevicePreferences(stored, { theme: 'dark', uiLanguage: 'ja' })).toMatchObject({
      theme: 'dark',
      language: 'ja',
    });
    expect(withDevicePreferences(stored, { theme: 'dark', uiLanguage: 'ta' }).language).toBe('ta');
    expect(withDevicePreferences(stored, { theme: 'dark', uiLanguage: 'hi' }).language).toBe('hi');
    expect(
      withDevicePreferences({ ...stored, language: 'hi' }, { theme: 'system', uiLanguage: 'en' })
        .language,
    ).toBe('en');
  });
});
