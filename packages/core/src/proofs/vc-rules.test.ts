/**
 * checkCredentialRules: the W3C VC Data Model 2.0 rules of the optional properties (sections
 * 4.4-4.11, 5.3-5.6) and the credentialSubject claims rule, on the Recommendation's own
 * examples and their broken variants.
 */
import { describe, expect, it } from 'vitest';
import { parseDigestMultibase, parseDigestSri } from './related-resource';
import { checkCredentialRules, isUrl } from './vc-rules';

const base = {
  '@context': ['https://www.w3.org/ns/credentials/v2'],
  type: ['VerifiableCredential'],
  issuer: 'did:example:issuer',
  credentialSubject: { id: 'did:example:subject' },
};

function rules(extra: Record<string, unknown>): string[] {
  return checkCredentialRules({ ...base, ...extra });
}

describe('checkCredentialRules: optional properties (VC DM 2.0)', () => {
  it('accepts a credential with every optional property well-formed', () => {
    expect(
      rules({
        id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
        name: [
          { '@value': 'Example', '@language': 'en' },
          { '@value': 'उदाहरण', '@language': 'hi', '@direction': 'ltr' },
        ],
        description: 'A description',
        credentialStatus: {
          id: 'https://example.com/status/3#94567',
          type: 'BitstringStatusListEntry',
        },
        credentialSchema: [{ id: 'https://example.org/schema.json', type: 'JsonSchema' }],
        refreshService: { type: 'VerifiableCredentialRefreshService2021' },
        termsOfUse: { type: 'TrustFrameworkPolicy' },
        evidence: [{ type: ['Evidence', 'DocumentVerification'] }],
      }),
    ).toEqual([]);
  });

  it.each([
    ['credentialStatus', { id: 'did:example:status' }],
    ['termsOfUse', { id: 'did:example:terms/1' }],
    ['evidence', {}],
    ['refreshService', { id: 'did:example:refresh/1' }],
    ['credentialSchema', { id: 'https://example.org/schema.json' }],
  ])('refuses a %s object without a type', (property, value) => {
    expect(rules({ [property]: value })).toEqual([`every ${property} must have a type`]);
  });

  it('refuses a non-string type, a schema without an id and ids that are not URLs', () => {
    expect(rules({ credentialStatus: { type: 2 } })).toEqual([
      'every credentialStatus must have a type',
    ]);
    expect(rules({ credentialSchema: { type: 'JsonSchema' } })).toEqual([
      'every credentialSchema must have an id (a URL)',
    ]);
    expect(
      rules({ credentialSchema: { type: 'JsonSchema', id: 'https ://not-a-url.org/1' } }),
    ).toEqual(['the id of a credentialSchema must be a single URL']);
    expect(
      rules({ credentialStatus: { type: 'X', id: ['did:example:1', 'did:example:2'] } }),
    ).toEqual(['the id of a credentialStatus must be a single URL']);
    expect(rules({ id: 'not a url' })).toEqual(['id must be a single URL']);
  });

  it('VCDM 1.1: credentialStatus needs an id as well', () => {
    const v1 = {
      ...base,
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      issuanceDate: '2024-01-01T00:00:00Z',
    };
    expect(checkCredentialRules({ ...v1, credentialStatus: { type: 'X' } })).toEqual([
      'every credentialStatus must have an id (a URL)',
    ]);
  });

  it('refuses an empty credentialSubject, alone or in a set', () => {
    const empty = 'every credentialSubject must make at least one claim (it is empty)';
    expect(rules({ credentialSubject: {} })).toEqual([empty]);
    expect(rules({ credentialSubject: [{ id: 'did:example:1' }, {}] })).toEqual([empty]);
    expect(rules({ credentialSubject: [{ id: 'did:example:1' }, { name: 'B' }] })).toEqual([]);
  });

  it('refuses a name or description object with keys other than @value, @language, @direction', () => {
    expect(
      rules({ name: { '@value': 'X', '@language': 'en', url: 'did:example:1' } }),
    ).toHaveLength(1);
    expect(
      rules({ issuer: { id: 'did:example:issuer', description: { '@value': 'X', extra: 1 } } }),
    ).toEqual([
      'description of the issuer must be a string or language value objects (@value, @language, @direction only)',
    ]);
  });
});

describe('checkCredentialRules: relatedResource (VC DM 2.0 section 5.3)', () => {
  const v2 = 'https://www.w3.org/ns/credentials/v2';
  // VC DM 2.0 Recommendation, Example 26 (digestMultibase: a multihash of the SHA-256) and
  // the SHA-384 of the same published file (Example 25 prints it with a stray leading 'M').
  const recMultibase = 'uEiBZlVztZpfWHgPyslVv6-UwirFoQoRvW1htfx963sknNA';
  const recSri = 'sha384-l/HrjlBCNWyAX91hr6LFV2Y3heB5Tcr6IeE4/Tje8YyzYBM8IhqjHWiWpr8+ZbYU';
  const examplesMultibase = 'uEiBXOT-8adbvubm13Jy2uYgLCUQ2Cr_i6vRZyeWM8iedfA';

  it("accepts the Recommendation's digests of the bundled contexts", () => {
    expect(
      rules({
        relatedResource: [
          { id: v2, digestSRI: recSri, mediaType: 'application/ld+json' },
          {
            id: 'https://www.w3.org/ns/credentials/examples/v2',
            digestMultibase: examplesMultibase,
          },
        ],
      }),
    ).toEqual([]);
    expect(rules({ relatedResource: { id: v2, digestMultibase: recMultibase } })).toEqual([]);
  });

  it('accepts the digests of the 2024 Candidate Recommendation revision of the v2 context', () => {
    expect(
      rules({
        relatedResource: {
          id: v2,
          digestSRI: 'sha384-NSOcNpmdIVUxIJGvGUoe22FjTWrXiaXlsZ8q6912LdnR3KraQO2n75Ica4wK4Qeg',
          digestMultibase: 'uJKGMkOmFbVJhEfKTduMC2XCyvRAYLjOVmZWwIH1wQ7k',
        },
      }),
    ).toEqual([]);
  });

  it('refuses a digest that does not match a bundled context', () => {
    expect(
      rules({
        relatedResource: [
          { id: v2, digestMultibase: 'uM4RgWQc3RUDtjJCSgTJtTfvpZ7SPEg_LNO0ESlovQC0' },
        ],
      }),
    ).toEqual([`The sha256 digest of relatedResource ${v2} does not match it`]);
  });

  it('checks only the form of a digest of a resource the product does not hold', () => {
    const other = 'https://example.org/logo.png';
    expect(rules({ relatedResource: { id: other, digestMultibase: recMultibase } })).toEqual([]);
    expect(rules({ relatedResource: { id: other, digestSRI: 'sha384-not base64!' } })).toEqual([
      'relatedResource digestSRI must be an SRI hash expression (sha384-<base64>)',
    ]);
  });

  it('refuses strings, a missing or repeated id and a resource without a digest', () => {
    expect(rules({ relatedResource: [v2] })).toEqual([
      'relatedResource must be one or more objects',
    ]);
    expect(rules({ relatedResource: [{ digestMultibase: recMultibase }] })).toEqual([
      'every relatedResource must have an id that is a URL',
    ]);
    expect(
      rules({
        relatedResource: [
          { id: v2, digestSRI: recSri },
          { id: v2, digestMultibase: recMultibase },
        ],
      }),
    ).toEqual([`relatedResource ids must be unique (${v2} is listed twice)`]);
    expect(rules({ relatedResource: [{ id: v2 }] })).toEqual([
      'every relatedResource must have a digestSRI or a digestMultibase',
    ]);
  });
});

describe('digest and URL parsing', () => {
  it('reads SRI expressions and multibase digests (raw or multihash)', () => {
    expect(parseDigestSri('sha256-AAAA')).toBeUndefined();
    expect(parseDigestMultibase('uJKGMkOmFbVJhEfKTduMC2XCyvRAYLjOVmZWwIH1wQ7k')).toEqual({
      algorithm: 'sha256',
      hex: '24a18c90e9856d526111f29376e302d970b2bd10182e33959995b0207d7043b9',
    });
    expect(parseDigestMultibase('mAAAA')).toBeUndefined();
  });

  it('isUrl: absolute URLs only', () => {
    expect(['did:example:1', 'urn:uuid:1', 'https://a.example/x?y#z'].every(isUrl)).toBe(true);
    expect(['https ://x', 'relative/path', '', 4].some(isUrl)).toBe(false);
  });
});
