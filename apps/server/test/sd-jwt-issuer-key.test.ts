/**
 * One way to find an SD-JWT VC issuer's key (lib/sd-jwt-issuer-key.ts), used by the wallet
 * receiving a credential (lib/oid4vci/verify-issued-sd-jwt.ts) and by the verifier checking a
 * presentation (lib/verify-sd-jwt-presentation.ts). The issuers here are written on node:crypto
 * and @sd-jwt/sd-jwt-vc, not on the product's code.
 *
 * - the rules themselves: algorithms (EdDSA, ES256, ES384; never none or HMAC), did:key and
 *   did:jwk `iss`, `kid` among the keys known for an issuer URL (the trust list's first, then the
 *   published ones), a key that does not fit the alg, problem codes issuer_key_not_found and
 *   signature_algorithm_not_accepted;
 * - the wallet finds the issuer's key in the trust list's JWK Set without fetching anything (the
 *   path only the verifier had), and refuses a credential whose key is nowhere with
 *   credential_rejected and the same reason code the verifier answers.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../src/lib/errors';
import type { IssuerMetadata } from '../src/lib/oid4vci/offer';
import { verifyIssuedSdJwt } from '../src/lib/oid4vci/verify-issued-sd-jwt';
import { findSdJwtIssuerKey, verifiesUnder } from '../src/lib/sd-jwt-issuer-key';

type Alg = 'EdDSA' | 'ES256' | 'ES384';

function newKey(alg: Alg): { alg: Alg; privateKey: KeyObject; jwk: Record<string, unknown> } {
  const pair =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'P-384' });
  return {
    alg,
    privateKey: pair.privateKey,
    jwk: pair.publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
  };
}

const signerOf = (key: ReturnType<typeof newKey>) => (data: string) =>
  (key.alg === 'EdDSA'
    ? sign(null, Buffer.from(data), key.privateKey)
    : sign(key.alg === 'ES256' ? 'sha256' : 'sha384', Buffer.from(data), {
        key: key.privateKey,
        dsaEncoding: 'ieee-p1363',
      })
  ).toString('base64url');

const ISSUER = 'https://issuer.example';
const VCT = 'https://issuer.example/vct/degree';
const NOW = new Date('2026-06-01T10:00:00Z');

describe('findSdJwtIssuerKey: the rules both sides use', () => {
  const es384 = newKey('ES384');
  const ed = newKey('EdDSA');
  const list = [
    { ...es384.jwk, kid: 'p384' },
    { ...ed.jwk, kid: 'ed' },
  ];
  const sources = { trustList: (iss: string) => (iss === ISSUER ? list : undefined) };

  it('finds a listed key by kid for EdDSA, ES384 (and so ES256); the signature verifies under it', async () => {
    const found = await findSdJwtIssuerKey({ alg: 'ES384', kid: 'p384' }, ISSUER, sources);
    if (!('key' in found)) throw new Error(found.problem.detail);
    expect(found.key).toMatchObject({ alg: 'ES384', source: 'trust_list' });
    const input = 'header.payload';
    expect(verifiesUnder(found.key, input, signerOf(es384)(input))).toBe(true);
    expect(verifiesUnder(found.key, input, signerOf(newKey('ES384'))(input))).toBe(false);
    const edFound = await findSdJwtIssuerKey({ alg: 'EdDSA', kid: 'ed' }, ISSUER, sources);
    expect(edFound).toMatchObject({ key: { alg: 'EdDSA' } });
  });

  it('answers signature_algorithm_not_accepted for none, HMAC and RSA', async () => {
    for (const alg of ['none', 'HS256', 'RS256', undefined]) {
      expect(await findSdJwtIssuerKey({ alg, kid: 'p384' }, ISSUER, sources)).toEqual({
        problem: {
          code: 'signature_algorithm_not_accepted',
          detail:
            'The issuer signed the credential with an algorithm that is not accepted (accepted: EdDSA, ES256, ES384).',
        },
      });
    }
  });

  it('answers issuer_key_not_found for an unknown kid, a key that does not fit, no kid, no iss', async () => {
    const code = async (header: Record<string, unknown>, iss: string | null = ISSUER) => {
      const found = await findSdJwtIssuerKey(header, iss, sources);
      return 'problem' in found ? found.problem.code : 'found';
    };
    expect(await code({ alg: 'ES384', kid: 'gone' })).toBe('issuer_key_not_found');
    expect(await code({ alg: 'ES256', kid: 'p384' })).toBe('issuer_key_not_found');
    expect(await code({ alg: 'ES384' })).toBe('issuer_key_not_found');
    expect(await code({ alg: 'ES384', kid: 'p384' }, null)).toBe('issuer_key_not_found');
    expect(await code({ alg: 'ES384', kid: 'p384' }, 'https://other.example')).toBe(
      'issuer_key_not_found',
    );
    expect(await code({ alg: 'EdDSA' }, 'did:web:issuer.example')).toBe('issuer_key_not_found');
  });

  it('reads a did:jwk iss offline; its kid must be a DID URL of it', async () => {
    const key = newKey('ES256');
    const did = `did:jwk:${Buffer.from(JSON.stringify(key.jwk)).toString('base64url')}`;
    expect(await findSdJwtIssuerKey({ alg: 'ES256', kid: `${did}#0` }, did, {})).toMatchObject({
      key: { alg: 'ES256', source: 'did' },
    });
    expect(await findSdJwtIssuerKey({ alg: 'ES256', kid: 'other#0' }, did, {})).toMatchObject({
      problem: { code: 'issuer_key_not_found' },
    });
  });

  it('looks at the published keys only after the trust list, and only when asked to', async () => {
    const published: string[] = [];
    const other = newKey('ES256');
    const both = {
      ...sources,
      published: async (iss: string) => {
        published.push(iss);
        return [{ ...other.jwk, kid: 'published-1' }];
      },
    };
    expect(await findSdJwtIssuerKey({ alg: 'ES384', kid: 'p384' }, ISSUER, both)).toMatchObject({
      key: { source: 'trust_list' },
    });
    expect(published).toEqual([]);
    expect(
      await findSdJwtIssuerKey({ alg: 'ES256', kid: 'published-1' }, ISSUER, both),
    ).toMatchObject({ key: { source: 'published' } });
    expect(published).toEqual([ISSUER]);
  });
});

describe('the wallet: an issued credential whose key is on the trust list', () => {
  const issuerKey = newKey('ES384');
  const holder = newKey('ES256');
  const holderJwk = holder.jwk as Record<string, string>;
  const metadata = {
    credential_issuer: ISSUER,
    credential_endpoint: `${ISSUER}/credential`,
    credential_configurations_supported: {},
  } as unknown as IssuerMetadata;

  const issue = () =>
    new SDJwtVcInstance({
      signer: signerOf(issuerKey),
      signAlg: 'ES384',
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
    }).issue(
      {
        iss: ISSUER,
        vct: VCT,
        iat: Math.floor(NOW.getTime() / 1000) - 60,
        cnf: { jwk: holderJwk },
        name: 'Rahul Sharma',
        degree: 'BSc',
      },
      { _sd: ['name', 'degree'] },
      { header: { typ: 'dc+sd-jwt', kid: 'uni-1' } },
    );

  /** No published keys can be had: every host name lookup is recorded and fails. */
  const lookups: string[] = [];
  const http = {
    allowLoopback: false,
    fetchOptions: {
      lookup: async (host: string) => {
        lookups.push(host);
        throw new Error('no network in this test');
      },
    },
  };

  it('verifies it with the listed ES384 key and fetches nothing', async () => {
    const verified = await verifyIssuedSdJwt(await issue(), {
      credentialIssuer: ISSUER,
      vct: VCT,
      holderJwk,
      metadata,
      now: NOW,
      http,
      trustListJwks: (iss) => (iss === ISSUER ? [{ ...issuerKey.jwk, kid: 'uni-1' }] : undefined),
    });
    expect(verified.claims).toEqual({ name: 'Rahul Sharma', degree: 'BSc' });
    expect(lookups).toEqual([]);
  });

  it('refuses it when the kid is neither listed nor published: credential_rejected, reason issuer_key_not_found', async () => {
    const refusal = await verifyIssuedSdJwt(await issue(), {
      credentialIssuer: ISSUER,
      vct: VCT,
      holderJwk,
      metadata: { ...metadata, jwks: { keys: [{ ...newKey('ES384').jwk, kid: 'uni-0' }] } },
      now: NOW,
      http,
      trustListJwks: () => [{ ...issuerKey.jwk, kid: 'uni-0' }],
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe('credential_rejected');
    expect(isAppError(refusal) && refusal.extensions).toEqual({ reason: 'issuer_key_not_found' });
    expect(isAppError(refusal) && refusal.detail).toBe(
      "The issuer's credential was not accepted: The credential's key id (kid) names none of the keys known for its issuer (the trust list's, or those it publishes).",
    );
    expect(lookups).toEqual([]);
  });
});
