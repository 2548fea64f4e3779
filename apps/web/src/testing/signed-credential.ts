/**
 * A real signed W3C credential for the web tests, and the W3C verify endpoint answering for it
 * as the server does:
 * - `signedCredential`: a PAN Card of sample user-001, built with core's buildCredentialSubject
 *   and buildCredentialDocument and signed eddsa-jcs-2022 (core's addEddsaJcs2022Proof) by a
 *   fresh Ed25519 did:key through WebCrypto, the document the server's issuers make;
 * - `verifyEndpoint`: POST /credentials/verify answered with core's verifyCredential (the
 *   function behind the server's endpoint), `issuer` trusted and named, 200 when verified, else
 *   the server's 400/422 problem carrying `verification`.
 */
import {
  addEddsaJcs2022Proof,
  buildCredentialDocument,
  buildCredentialSubject,
  type CredentialCheck,
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  findSampleUser,
  VC_API_CRYPTOSUITES,
  verifyCredential,
} from '@pehchaan/core';
import { type Handler, json, problem } from './mock-fetch';

export interface TestIssuer {
  did: string;
  name: string;
}

export interface SignedCredential {
  document: Record<string, unknown>;
  issuer: TestIssuer;
}

/** The instant the fixture is issued at: validity is checked at the test's real clock. */
const ISSUED_AT = new Date('2025-01-15T10:00:00Z');

/** A PAN Card of user-001 signed by a fresh did:key named 'Income Tax Department'. */
export async function signedCredential(): Promise<SignedCredential> {
  const user = findSampleUser('user-001');
  if (!user) throw new Error('sample user-001 missing');
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  const did = ed25519PublicKeyToDidKey(publicKey);
  const unsigned = buildCredentialDocument({
    credentialId: `cred-${'7'.repeat(32)}`,
    documentType: 'pan',
    userId: user.id,
    issuerDid: did,
    claims: buildCredentialSubject('pan', user, ISSUED_AT),
    issuedAt: ISSUED_AT,
  });
  const document = await addEddsaJcs2022Proof(unsigned as unknown as Record<string, unknown>, {
    verificationMethod: didKeyVerificationMethod(did),
    created: '2025-01-15T10:00:00Z',
    sign: async (data) =>
      new Uint8Array(await crypto.subtle.sign('Ed25519', keys.privateKey, new Uint8Array(data))),
  });
  return { document, issuer: { did, name: 'Income Tax Department' } };
}

/** POST /credentials/verify as the server answers it, trusting `issuer` (see module docs). */
export function verifyEndpoint(issuer: TestIssuer): Handler {
  return async (request) => {
    const body = request.body as {
      verifiableCredential: unknown;
      options?: { checks?: (CredentialCheck | 'credentialStatus')[] };
    };
    const checked = await verifyCredential(body.verifiableCredential, {
      trustedIssuers: [issuer.did],
      now: new Date(),
      cryptosuites: VC_API_CRYPTOSUITES,
      // The status check is the server's (a credential here has no status entry).
      checks: (body.options?.checks ?? ['proof']).filter(
        (check): check is CredentialCheck => check !== 'credentialStatus',
      ),
    });
    const verdict = checked.trust.trusted
      ? { ...checked, trust: { ...checked.trust, name: issuer.name } }
      : checked;
    if (verdict.verified) return json(verdict);
    return verdict.status === 'malformed'
      ? problem('invalid_credential', 400, 'The credential is malformed', {
          extensions: { verified: false, verification: verdict },
        })
      : problem('credential_not_verified', 422, 'The credential is not verified', {
          extensions: { verified: false, verification: verdict },
        });
  };
}
