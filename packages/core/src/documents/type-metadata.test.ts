import { describe, expect, it } from 'vitest';
import { typeMetadataSchema, vctListSchema } from '../api/type-metadata';
import { DOCUMENT_TYPES } from './catalogue';
import { CLAIM_LABELS, DOCUMENT_TYPE_LABELS } from './labels';
import { buildTypeMetadata, disclosableClaimsOf, listTypeMetadata, vctOf } from './type-metadata';

const ORIGIN = 'https://wallet.example';

describe('SD-JWT VC type metadata of the catalogue', () => {
  it('names every type and every claim in English and Hindi', () => {
    for (const type of DOCUMENT_TYPES) {
      const labels = DOCUMENT_TYPE_LABELS[type.key];
      expect(labels.name.en, type.key).toBe(type.name);
      expect(labels.name.hi, type.key).toMatch(/[\u0900-\u097F]/);
      for (const claim of disclosableClaimsOf(type.key)) {
        expect(CLAIM_LABELS[claim]?.hi, `${type.key}.${claim}`).toMatch(/[\u0900-\u097F]/);
        expect(CLAIM_LABELS[claim]?.en, `${type.key}.${claim}`).toBeTruthy();
      }
    }
  });

  it('builds the vct from the public origin, without a doubled slash', () => {
    expect(vctOf(ORIGIN, 'pan')).toBe('https://wallet.example/vct/pan');
    expect(vctOf(`${ORIGIN}/`, 'pan')).toBe('https://wallet.example/vct/pan');
  });

  it('describes each subject claim as always disclosable, with en and hi display', () => {
    const metadata = typeMetadataSchema.parse(buildTypeMetadata(ORIGIN, 'aadhaar'));
    expect(metadata.vct).toBe('https://wallet.example/vct/aadhaar');
    expect(metadata.display.map((d) => [d.locale, d.name])).toEqual([
      ['en', 'Aadhaar Card'],
      ['hi', 'आधार कार्ड'],
    ]);
    expect(metadata.claims.map((c) => c.path)).toEqual([
      ['name'],
      ['document_type'],
      ['aadhaar_number'],
      ['phone'],
      ['date_of_birth'],
      ['address'],
      ['gender'],
      ['nationality'],
    ]);
    expect(new Set(metadata.claims.map((c) => c.sd))).toEqual(new Set(['always']));
    const dob = metadata.claims.find((c) => c.path[0] === 'date_of_birth');
    expect(dob?.display.map((d) => d.label)).toEqual(['Date of Birth', 'जन्म तिथि']);
  });

  it('lists every type once with its claims', () => {
    const list = vctListSchema.parse(listTypeMetadata(ORIGIN));
    expect(list.count).toBe(10);
    expect(list.types.map((t) => t.document_type)).toEqual(DOCUMENT_TYPES.map((t) => t.key));
    expect(list.types.find((t) => t.document_type === 'pan')).toEqual({
      document_type: 'pan',
      vct: 'https://wallet.example/vct/pan',
      name: 'PAN Card',
      claims: ['name', 'document_type', 'pan_number', 'date_of_birth', 'father_name'],
    });
  });
});
