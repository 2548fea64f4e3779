/**
 * SD-JWT VCs (IETF draft-ietf-oauth-sd-jwt-vc over RFC 9901 SD-JWT; DECISIONS D7.2), made with
 * the OpenWallet Foundation's @sd-jwt/* packages, never by hand:
 *
 * - `signSdJwtVc`: the SD-JWT VC view of a signed W3C VC 2.0 document, the same issuance: the
 *   same issuer key (EdDSA, `kid` = the issuer's did:key DID URL), claims and dates.
 * - `presentSdJwtVc`: a presentation of chosen disclosures with a key-binding JWT.
 * - `resolveIssuerKey`: a `kid` -> the trusted issuer's public JWK, for verifiers (did:key is
 *   resolved offline by core's didKeyToPublicJwk; trust is the server's issuer list).
 *
 * Issuer-signed JWT (the contract other parts rely on, docs/api-contract.md "SD-JWT VC"):
 * header { alg: 'EdDSA', typ: 'dc+sd-jwt', kid: 'did:key:z6Mk...#z6Mk...' }; payload { iss: the
 * issuer's did:key, vct: '{publicOrigin}/vct/{documentType}', iat and nbf: validFrom, exp:
 * validUntil (absent when the document has none), cnf: { jwk: the holder's public key },
 * _sd_alg: 'sha-256', _sd: one digest per credentialSubject claim except `id` }.
 */
import {
  type DocumentTypeKey,
  didKeyToPublicJwk,
  type Ed25519PublicJwk,
  type IssuerName,
  parseDidKey,
  type VerifiableCredential,
  vctOf,
} from '@pehchaan/core';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import type { DisclosureFrame } from '@sd-jwt/types';
import type { HolderSigningKey } from './holder-keys';
import type { IssuerKey, IssuerKeyring } from './issuer-keys';

/** The issuer JWT's `alg`: Ed25519 (RFC 8037). */
export const SD_JWT_ISSUER_ALG = 'EdDSA';

/** AAD of a credential's SD-JWT VC ciphertext: binds it to the credential row. */
export const sdJwtAad = (credentialId: string) => `sd-jwt:${credentialId}`;

/** Whole seconds since the epoch of an ISO 8601 instant (JWT NumericDate, RFC 7519 2). */
const numericDate = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Issues the SD-JWT VC of a signed W3C document (compact form: issuer JWT, then every
 * disclosure, each followed by '~').
 * @param options.document the stored W3C VC 2.0 document; its claims and dates are copied.
 * @param options.issuer the document's issuer key (its did must be `document.issuer.id`).
 * @param options.holderJwk the holder's public key-binding key, the `cnf.jwk`.
 * @throws {Error} when the issuer key is not the document's issuer (a bug, hence a 500).
 */
export async function signSdJwtVc(options: {
  document: VerifiableCredential;
  documentType: DocumentTypeKey;
  issuer: IssuerKey;
  holderJwk: Ed25519PublicJwk;
  publicOrigin: string;
}): Promise<string> {
  const { document, issuer } = options;
  if (document.issuer.id !== issuer.did) {
    throw new Error(`Refusing to sign: the document's issuer is not ${issuer.name}`);
  }
  const { id: _subjectId, ...claims } = document.credentialSubject;
  const instance = new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    saltGenerator: generateSalt,
    signAlg: SD_JWT_ISSUER_ALG,
    signer: (signingInput) =>
      Buffer.from(issuer.sign(new Uint8Array(Buffer.from(signingInput, 'utf8')))).toString(
        'base64url',
      ),
  });
  const payload: SdJwtVcPayload = {
    iss: issuer.did,
    vct: vctOf(options.publicOrigin, options.documentType),
    iat: numericDate(document.validFrom),
    nbf: numericDate(document.validFrom),
    ...(document.validUntil ? { exp: numericDate(document.validUntil) } : {}),
    cnf: { jwk: { ...options.holderJwk } },
    ...claims,
  };
  return instance.issue(
    payload,
    // Every subject claim its own disclosure (the frame type cannot name runtime keys).
    { _sd: Object.keys(claims) } as DisclosureFrame<SdJwtVcPayload>,
    { header: { kid: issuer.verificationMethod } },
  );
}

/**
 * A presentation of an issued SD-JWT VC (RFC 9901 section 4.3 and 4.3.1): the issuer JWT, the
 * disclosures of `disclose` only, and a key-binding JWT ({ typ: 'kb+jwt', alg } and { iat,
 * nonce, aud, sd_hash }) signed with the holder's key.
 * @param options.disclose top-level claim names; the caller has checked each is disclosable.
 * @param options.now the KB-JWT's `iat`.
 */
export async function presentSdJwtVc(options: {
  sdJwt: string;
  disclose: readonly string[];
  /** The key the SD-JWT VC is bound to: Ed25519 (EdDSA) or, for a received one, P-256 (ES256). */
  holderKey: Pick<HolderSigningKey, 'alg' | 'sign'>;
  nonce: string;
  audience: string;
  now: Date;
}): Promise<string> {
  const instance = new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    kbSignAlg: options.holderKey.alg,
    kbSigner: options.holderKey.sign,
  });
  const frame = Object.fromEntries(options.disclose.map((claim) => [claim, true]));
  return instance.present(options.sdJwt, frame, {
    kb: {
      payload: {
        iat: Math.floor(options.now.getTime() / 1000),
        nonce: options.nonce,
        aud: options.audience,
      },
    },
  });
}

/** The top-level claim names an issued SD-JWT VC can disclose. */
export async function disclosableClaimsOfSdJwt(sdJwt: string): Promise<string[]> {
  return new SDJwtVcInstance({ hasher: digest }).presentableKeys(sdJwt);
}

/** The `cnf.jwk` of an issued SD-JWT VC (undefined when it has none). */
export async function confirmationKeyOf(
  sdJwt: string,
): Promise<Record<string, unknown> | undefined> {
  const { jwt } = await new SDJwtVcInstance({ hasher: digest }).decode(sdJwt);
  const cnf = jwt?.payload?.cnf as { jwk?: Record<string, unknown> } | undefined;
  return cnf?.jwk;
}

/** A trusted issuer's key, as resolved from an SD-JWT VC's `kid`. */
export interface ResolvedIssuerKey {
  name: IssuerName;
  /** 'did:key:z6Mk...' (the `iss` the SD-JWT VC must carry). */
  did: string;
  /** The Ed25519 public key (RFC 8037 JWK), e.g. for jose's importJWK(jwk, 'EdDSA'). */
  publicJwk: Ed25519PublicJwk;
}

/**
 * Resolves an SD-JWT VC's `kid` (a did:key DID URL 'did:key:z6Mk...#z6Mk...', or the bare DID)
 * to the public key of one of this server's issuers, offline (core's didKeyToPublicJwk).
 * Answers undefined when the kid is not an Ed25519 did:key or names no trusted issuer: the
 * caller treats that as an untrusted issuer. Never throws.
 */
export function resolveIssuerKey(
  issuers: Pick<IssuerKeyring, 'nameByDid'>,
  kid: string,
): ResolvedIssuerKey | undefined {
  let did: string;
  try {
    did = parseDidKey(kid).did;
  } catch {
    return undefined;
  }
  const name = issuers.nameByDid.get(did);
  if (!name) return undefined;
  return { name, did, publicJwk: didKeyToPublicJwk(did) };
}
