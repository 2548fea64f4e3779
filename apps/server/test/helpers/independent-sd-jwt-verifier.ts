/**
 * An SD-JWT VC verifier that is not the product's (test helper): how an outside verifier checks
 * what the wallet issues and presents. did:key -> JWK by hand (multibase base58btc, multicodec
 * 0xed01, per the did:key method spec), signatures by jose, the SD-JWT and SD-JWT VC rules by
 * the OpenWallet Foundation's @sd-jwt/sd-jwt-vc. Nothing here imports the product's code.
 */
import { base58 } from '@scure/base';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type TypeMetadataFormat } from '@sd-jwt/sd-jwt-vc';
import { decodeJwt, decodeProtectedHeader, flattenedVerify, importJWK, type JWK } from 'jose';

/**
 * The Ed25519 JWK of a did:key DID or DID URL whose fragment is the key itself.
 * @throws {Error} for anything else (another DID method, another key type, a foreign fragment).
 */
export function jwkOfDidKey(kid: string): JWK {
  const [did = '', fragment] = kid.split('#');
  const multibase = did.replace(/^did:key:/, '');
  if (!did.startsWith('did:key:z') || (fragment !== undefined && fragment !== multibase)) {
    throw new Error(`not a did:key DID URL: ${kid}`);
  }
  const bytes = base58.decode(multibase.slice(1));
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) throw new Error('not Ed25519');
  return { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytes.slice(2)).toString('base64url') };
}

/** True when `signature` is a valid JWS signature of `signingInput` by `jwk` (jose). */
export async function jwsValid(
  signingInput: string,
  signature: string,
  jwk: JWK,
  alg: string,
): Promise<boolean> {
  const [protectedHeader = '', payload = ''] = signingInput.split('.');
  try {
    await flattenedVerify(
      { protected: protectedHeader, payload, signature },
      await importJWK(jwk, alg),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A verifier trusting `trustedDids`: the issuer key comes from the header's `kid` (EdDSA, a
 * did:key of a trusted issuer, equal to `iss`); the KB-JWT key from the payload's cnf.jwk. With
 * `typeMetadata`, it also fetches and checks the vct's Type Metadata through that function.
 * With `statusList`, a credential's `status.status_list` is checked as the library does (IETF
 * Token Status List): the statuslist+jwt got through that function, signed EdDSA by the did:key
 * of its `kid` (a trusted one), and the credential's entry 0 (else the library throws 'Status is
 * not valid'); without it the status step is skipped (nothing is fetched from the network).
 */
export function independentSdJwtVerifier(
  trustedDids: readonly string[],
  typeMetadata?: (uri: string) => Promise<TypeMetadataFormat>,
  statusList?: (uri: string) => Promise<string>,
): SDJwtVcInstance {
  const instance = new SDJwtVcInstance({
    hasher: digest,
    verifier: async (signingInput, signature) => {
      const header = decodeProtectedHeader(`${signingInput}.${signature}`);
      const payload = decodeJwt(`${signingInput}.${signature}`);
      const kid = String(header.kid);
      const did = kid.split('#')[0] ?? '';
      if (header.alg !== 'EdDSA' || !trustedDids.includes(did) || payload.iss !== did) return false;
      return jwsValid(signingInput, signature, jwkOfDidKey(kid), 'EdDSA');
    },
    kbVerifier: async (signingInput, signature, payload) => {
      const jwk = payload.cnf?.jwk as JWK | undefined;
      const { alg } = decodeProtectedHeader(`${signingInput}.${signature}`);
      if (!jwk || typeof alg !== 'string') return false;
      return jwsValid(signingInput, signature, jwk, alg);
    },
    ...(typeMetadata ? { loadTypeMetadataFormat: true, vctFetcher: typeMetadata } : {}),
    ...(statusList
      ? {
          statusListFetcher: statusList,
          statusVerifier: async (signingInput: string, signature: string) => {
            const header = decodeProtectedHeader(`${signingInput}.${signature}`);
            const kid = String(header.kid);
            if (header.alg !== 'EdDSA' || header.typ !== 'statuslist+jwt') return false;
            if (!trustedDids.includes(kid.split('#')[0] ?? '')) return false;
            return jwsValid(signingInput, signature, jwkOfDidKey(kid), 'EdDSA');
          },
        }
      : {}),
  });
  if (!statusList) Object.assign(instance, { verifyStatus: async () => undefined });
  return instance;
}
