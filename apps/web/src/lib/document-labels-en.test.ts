import { CLAIM_LABELS, DOCUMENT_TYPES } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { documentTypeName } from './document-labels';
import { englishDocumentTypeName, englishFieldLabel } from './document-labels-en';
import { fieldLabel } from './format-claim';

describe("the islands' English names (document-labels-en.ts)", () => {
  it('name a document type by its key, English name or VC type as the app does in English', () => {
    for (const type of DOCUMENT_TYPES) {
      for (const given of [type.key, type.name, type.credentialType]) {
        expect(englishDocumentTypeName(given), given).toBe(type.name);
        expect(documentTypeName(given, 'en'), given).toBe(type.name);
      }
    }
    expect(englishDocumentTypeName('Library Card')).toBe('Library Card');
    expect(englishDocumentTypeName('toString')).toBe('toString');
  });

  it("label every claim as the app's English, and any other claim by its key in words", () => {
    for (const claim of [...Object.keys(CLAIM_LABELS), 'blood_group']) {
      expect(englishFieldLabel(claim), claim).toBe(fieldLabel(claim, 'en'));
    }
    expect(englishFieldLabel('date_of_birth')).toBe('Date of Birth');
    expect(englishFieldLabel('blood_group')).toBe('Blood group');
  });
});
