/**
 * DCQL credential matching (OpenID4VP 1.0 section 6.4; lib/oid4vp/dcql-match.ts): which held
 * credential answers a credential query, by format (`vc+sd-jwt` answers `dc+sd-jwt`), `vct`
 * (meta.vct_values) and claims (paths, values, claim_sets).
 */
import { describe, expect, it } from 'vitest';
import {
  type CredentialQuery,
  findMatchingCredential,
  matchesCredentialQuery,
  valuesAtPath,
  zCredentialQuery,
} from '../src/lib/oid4vp';

const VCT = 'https://uidai.example/vct/aadhaar';
const aadhaar = {
  format: 'vc+sd-jwt',
  vct: VCT,
  claims: {
    name: 'Rahul Sharma',
    address: { locality: 'Pune', country: 'IN' },
    degrees: [{ type: 'BSc' }, { type: 'MSc' }],
  },
};
const query = (extra: Partial<CredentialQuery> = {}): CredentialQuery =>
  zCredentialQuery.parse({ id: 'q', format: 'dc+sd-jwt', meta: { vct_values: [VCT] }, ...extra });

describe('DCQL credential matching', () => {
  it('answers a dc+sd-jwt query with a vc+sd-jwt or dc+sd-jwt credential of a listed vct only', () => {
    expect(matchesCredentialQuery(query(), aadhaar)).toBe(true);
    expect(matchesCredentialQuery(query(), { ...aadhaar, format: 'dc+sd-jwt' })).toBe(true);
    expect(matchesCredentialQuery(query(), { ...aadhaar, format: 'ldp_vc' })).toBe(false);
    expect(matchesCredentialQuery(query(), { ...aadhaar, vct: `${VCT}-v2` })).toBe(false);
    expect(matchesCredentialQuery(query(), { ...aadhaar, vct: null })).toBe(false);
  });

  it('needs every claim asked, walking nested paths, array indexes and null', () => {
    expect(valuesAtPath(aadhaar.claims, ['degrees', null, 'type'])).toEqual(['BSc', 'MSc']);
    expect(valuesAtPath(aadhaar.claims, ['degrees', 1, 'type'])).toEqual(['MSc']);
    expect(valuesAtPath(aadhaar.claims, ['degrees', 5])).toEqual([]);
    const asks = (path: (string | number | null)[], values?: string[]) =>
      matchesCredentialQuery(query({ claims: [{ path, ...(values ? { values } : {}) }] }), aadhaar);
    expect(asks(['name'])).toBe(true);
    expect(asks(['address', 'locality'])).toBe(true);
    expect(asks(['address', 'street'])).toBe(false);
    expect(asks(['photo'])).toBe(false);
    expect(asks(['degrees', null, 'type'], ['MSc'])).toBe(true);
    expect(asks(['address', 'country'], ['DE', 'FR'])).toBe(false);
  });

  it('with claim_sets, one set whose claims are all present is enough', () => {
    const sets = (claimSets: string[][]) =>
      query({
        claims: [
          { id: 'n', path: ['name'] },
          { id: 'p', path: ['photo'] },
        ],
        claim_sets: claimSets,
      });
    expect(matchesCredentialQuery(sets([['n', 'p'], ['n']]), aadhaar)).toBe(true);
    expect(matchesCredentialQuery(sets([['n', 'p'], ['p']]), aadhaar)).toBe(false);
  });

  it('finds the first candidate that matches', () => {
    const other = { ...aadhaar, vct: 'https://example.com/other' };
    const second = { ...aadhaar, claims: { name: 'Second' } };
    expect(findMatchingCredential(query(), [other, aadhaar, second])).toBe(aadhaar);
    expect(findMatchingCredential(query(), [other])).toBeUndefined();
  });
});
