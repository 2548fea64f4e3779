import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from './catalogue';
import { CLAIM_LABELS, claimLabel, DOCUMENT_TYPE_LABELS, METADATA_LOCALES } from './labels';
import { CLAIM_LABELS_EN, DOCUMENT_TYPE_LABELS_EN } from './labels-en';

describe('English labels (labels-en.ts) and every language (labels.ts)', () => {
  it('names every document type in English as the catalogue does, and labels.ts serves it', () => {
    for (const type of DOCUMENT_TYPES) {
      expect(DOCUMENT_TYPE_LABELS_EN[type.key].name, type.key).toBe(type.name);
      expect(DOCUMENT_TYPE_LABELS[type.key].name.en).toBe(type.name);
      expect(DOCUMENT_TYPE_LABELS[type.key].description.en).toBe(
        DOCUMENT_TYPE_LABELS_EN[type.key].description,
      );
    }
  });

  it('gives every claim its English and a text in every other language, English first', () => {
    expect(Object.keys(CLAIM_LABELS).sort()).toEqual(Object.keys(CLAIM_LABELS_EN).sort());
    for (const [claim, english] of Object.entries(CLAIM_LABELS_EN)) {
      expect(claimLabel(claim, 'en')).toBe(english);
      expect(Object.keys(CLAIM_LABELS[claim] ?? {})[0]).toBe('en');
      expect(Object.keys(CLAIM_LABELS[claim] ?? {}).sort()).toEqual([...METADATA_LOCALES].sort());
    }
    for (const labels of Object.values(DOCUMENT_TYPE_LABELS)) {
      expect(Object.keys(labels.name).sort()).toEqual([...METADATA_LOCALES].sort());
      expect(Object.keys(labels.description).sort()).toEqual([...METADATA_LOCALES].sort());
    }
  });
});
