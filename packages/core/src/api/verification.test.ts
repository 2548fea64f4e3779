/**
 * The verdict schemas (api/verification.ts) describe exactly what verifyCredential and
 * verifyPresentation answer, so the server's serialization and the web app's parsing of them
 * agree; answers off the shape are refused.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCredentialDocument } from '../credentials/document';
import { didKeyVerificationMethod, ed25519PublicKeyToDidKey } from '../proofs/did-key';
import { createEddsaJcs2022Proof } from '../proofs/eddsa-jcs-2022';
import { verifyCredential } from '../proofs/verify-credential';
import { verifyPresentation } from '../proofs/verify-presentation';
import {
  credentialVerdictSchema,
  presentationVerdictSchema,
  storedCredentialVerdictSchema,
} from './verification';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const issuerDid = ed25519PublicKeyToDidKey(
  new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)),
);
const NOW = new Date('2026-01-01T00:00:00Z');

const signedCredential = () =>
  createEddsaJcs2022Proof(
    buildCredentialDocument({
      credentialId: 'cred-00112233445566778899aabbccddeeff',
      documentType: 'pan',
      userId: 'user-001',
      issuerDid,
      claims: { name: 'Rajesh Kumar', pan_number: 'ABCDE1234F' },
      issuedAt: new Date('2025-06-01T10:00:00Z'),
    }),
    {
      verificationMethod: didKeyVerificationMethod(issuerDid),
      created: '2025-06-01T10:00:00Z',
      sign: (data) => new Uint8Array(sign(null, data, privateKey)),
    },
  );

describe('verdict schemas', () => {
  it("describe verifyCredential's verdicts, verified or not, unchanged", async () => {
    const document = await signedCredential();
    const verified = await verifyCredential(document, { trustedIssuers: [issuerDid], now: NOW });
    const untrusted = await verifyCredential(document, { trustedIssuers: [], now: NOW });
    const malformed = await verifyCredential({ hello: 'world' }, { trustedIssuers: [], now: NOW });
    expect(verified.status).toBe('verified');
    expect(untrusted.status).toBe('untrusted_issuer');
    expect(malformed.status).toBe('malformed');
    for (const verdict of [verified, untrusted, malformed]) {
      expect(credentialVerdictSchema.parse(verdict)).toEqual(verdict);
    }
  });

  it("describe verifyPresentation's verdicts", async () => {
    const verdict = await verifyPresentation(
      {
        '@context': ['https://www.w3.org/ns/credentials/v2'],
        type: ['VerifiablePresentation'],
        verifiableCredential: [await signedCredential()],
      },
      { trustedIssuers: [issuerDid], now: NOW },
    );
    expect(verdict.credentialResults).toHaveLength(1);
    expect(presentationVerdictSchema.parse(verdict)).toEqual(verdict);
  });

  it('refuse a status outside VERIFICATION_STATUSES and missing checks', () => {
    const good = {
      verified: false,
      status: 'expired',
      checks: { signature: true, trusted_issuer: true, validity: false },
      errors: ['expired'],
    };
    expect(credentialVerdictSchema.safeParse(good).success).toBe(true);
    expect(credentialVerdictSchema.safeParse({ ...good, status: 'withdrawn' }).success).toBe(false);
    // The status list's answers are statuses of their own (docs/status-lists.md).
    const revoked = {
      ...good,
      status: 'revoked',
      checks: { ...good.checks, status: false },
      credential_status: { value: 'revoked', checked_at: '2026-01-01T00:00:00.000Z' },
    };
    expect(credentialVerdictSchema.safeParse(revoked).success).toBe(true);
    expect(
      credentialVerdictSchema.safeParse({
        ...revoked,
        credential_status: { value: 'gone', checked_at: '2026-01-01T00:00:00.000Z' },
      }).success,
    ).toBe(false);
    expect(credentialVerdictSchema.safeParse({ ...good, checks: {} }).success).toBe(false);
  });

  it('describe the verify-link answer: verdict, public summary and signed document', () => {
    const answer = {
      credential_id: 'cred-1',
      verified: true,
      status: 'verified',
      checks: { signature: true, trusted_issuer: true, validity: true },
      errors: [],
      credential: {
        id: 'cred-1',
        type: ['VerifiableCredential', 'PanCardCredential'],
        issuer: 'Income Tax Department',
        issuer_id: issuerDid,
        issuance_date: '2025-06-01T10:00:00Z',
        expiration_date: '',
        document_type: 'PAN Card',
        credential_subject_masked: { pan_number: 'ABXXXXXX4F' },
      },
      disclosed: { pan_number: 'ABCDE1234F' },
      share: {
        id: 'share-1',
        expires_at: '2025-06-08T10:00:00.000Z',
        views: 1,
        max_views: null,
      },
    };
    expect(storedCredentialVerdictSchema.parse(answer)).toEqual(answer);
    const { credential: _, ...withoutSummary } = answer;
    expect(storedCredentialVerdictSchema.safeParse(withoutSummary).success).toBe(false);
  });
});
