/**
 * Several credentials in one Credential Response (src/lib/oid4vci/credential-instances.ts;
 * OpenID4VCI 1.0 section 8.3; docs/oid4vci.md "Several credentials in one answer"): which the
 * wallet keeps. The API behaviour, with an outside issuer, is in oid4vci-wallet.test.ts and
 * oid4vci-ldp-vc.test.ts.
 */
import type { DocumentTypeKey } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { credentialsOfResponse } from '../src/lib/oid4vci/credential-instances';

interface Instance {
  name: string;
  claims: unknown;
  type?: DocumentTypeKey;
}
const keep = (instances: Instance[]) =>
  credentialsOfResponse(instances, {
    claimsOf: (i) => i.claims,
    documentTypeOf: (i) => i.type,
  }).map((i) => i.name);

describe('credentialsOfResponse', () => {
  it('keeps one credential as it is', () => {
    expect(keep([{ name: 'a', claims: { x: 1 } }])).toEqual(['a']);
  });

  it('keeps the first of copies with the same claims, whatever their key order', () => {
    expect(
      keep([
        { name: 'a', claims: { x: 1, y: { z: 'q', w: [1, 2] } } },
        { name: 'b', claims: { y: { w: [1, 2], z: 'q' }, x: 1 } },
        { name: 'c', claims: { x: 1, y: { z: 'q', w: [1, 2] } } },
      ]),
    ).toEqual(['a']);
  });

  it('keeps different credentials each, in the order sent', () => {
    expect(
      keep([
        { name: 'a', claims: { x: 1 } },
        { name: 'b', claims: { x: 2 } },
        { name: 'c', claims: { x: 1 } },
      ]),
    ).toEqual(['a', 'b']);
  });

  it('refuses two different credentials of one SPEC type (SPEC 5), keeps copies of one', () => {
    expect(
      keep([
        { name: 'a', claims: { n: '1' }, type: 'aadhaar' },
        { name: 'b', claims: { n: '1' }, type: 'aadhaar' },
      ]),
    ).toEqual(['a']);
    let thrown: unknown;
    try {
      keep([
        { name: 'a', claims: { n: '1' }, type: 'aadhaar' },
        { name: 'b', claims: { n: '2' }, type: 'aadhaar' },
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'credential_rejected' });
    // Different SPEC types in one answer are different credentials.
    expect(
      keep([
        { name: 'a', claims: { n: '1' }, type: 'aadhaar' },
        { name: 'b', claims: { n: '2' }, type: 'pan' },
      ]),
    ).toEqual(['a', 'b']);
  });
});
