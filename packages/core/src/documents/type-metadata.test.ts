import { describe, expect, it } from 'vitest';
import { typeMetadataSchema, vctListSchema } from '../api/type-metadata';
import { DOCUMENT_TYPES } from './catalogue';
import { CLAIM_LABELS, DOCUMENT_TYPE_LABELS, METADATA_LOCALES } from './labels';
import { buildTypeMetadata, disclosableClaimsOf, listTypeMetadata, vctOf } from './type-metadata';

const ORIGIN = 'https://wallet.example';

describe('SD-JWT VC type metadata of the catalogue', () => {
  it('names every type and every claim in every UI language, each in its script', () => {
    const script = {
      hi: /\p{Script=Devanagari}/u,
      ta: /\p{Script=Tamil}/u,
      bn: /\p{Script=Bengali}/u,
      ja: /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u,
    } as const;
    for (const type of DOCUMENT_TYPES) {
      const labels = DOCUMENT_TYPE_LABELS[type.key];
      expect(labels.name.en, type.key).toBe(type.name);
      const texts = [
        ['name', labels.name],
        ['description', labels.description],
        ...disclosableClaimsOf(type.key).map((claim) => [claim, CLAIM_LABELS[claim]] as const),
      ] as const;
      for (const [what, text] of texts) {
        for (const locale of METADATA_LOCALES) {
          expect(text?.[locale], `${type.key}.${what}.${locale}`).toBeTruthy();
          if (locale in script) {
            expect(text?.[locale], `${type.key}.${what}.${locale}`).toMatch(
              script[locale as keyof typeof script],
            );
          }
        }
      }
    }
  });

  it('builds the vct from the public origin, without a doubled slash', () => {
    expect(vctOf(ORIGIN, 'pan')).toBe('https://wallet.example/vct/pan');
    expect(vctOf(`${ORIGIN}/`, 'pan')).toBe('https://wallet.example/vct/pan');
  });

  it('describes each subject claim as always disclosable, displayed in every UI language', () => {
    const metadata = typeMetadataSchema.parse(buildTypeMetadata(ORIGIN, 'aadhaar'));
    expect(metadata.vct).toBe('https://wallet.example/vct/aadhaar');
    expect(metadata.display.map((d) => [d.locale, d.name])).toEqual([
      ['en', 'Aadhaar Card'],
      ['hi', 'आधार कार्ड'],
      ['es', 'Tarjeta Aadhaar'],
      ['fr', 'Carte Aadhaar'],
      ['de', 'Aadhaar-Karte'],
      ['ja', 'アーダールカード'],
      ['ta', 'ஆதார் அட்டை'],
      ['bn', 'আধার কার্ড'],
      ['as', 'আধাৰ কাৰ্ড'],
      ['brx', 'आधार कार्ड'],
      ['doi', 'आधार कार्ड'],
      ['gu', 'આધાર કાર્ડ'],
      ['kn', 'ಆಧಾರ್ ಕಾರ್ಡ್'],
      ['ks', 'آدھار کارڈ'],
      ['kok', 'आधार कार्ड'],
      ['mai', 'आधार कार्ड'],
      ['ml', 'ആധാർ കാർഡ്'],
      ['mni', 'ꯑꯥꯙꯥꯔ ꯀꯥꯔꯗ'],
      ['mni-Beng', 'আধার কারদ'],
      ['mr', 'आधार कार्ड'],
      ['ne', 'आधार कार्ड'],
      ['or', 'ଆଧାର କାର୍ଡ'],
      ['pa', 'ਆਧਾਰ ਕਾਰਡ'],
      ['sa', 'आधार-कार्ड्'],
      ['sat', 'ᱟᱫᱷᱟᱨ ᱠᱟᱨᱰ'],
      ['sd', 'آڌار ڪارڊ'],
      ['te', 'ఆధార్ కార్డ్'],
      ['ur', 'آدھار کارڈ'],
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
    expect(dob?.display.map((d) => d.label).slice(0, 2)).toEqual(['Date of Birth', 'जन्म तिथि']);
    expect(dob?.display.find((d) => d.lang === 'ta')?.label).toBe('பிறந்த தேதி');
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
