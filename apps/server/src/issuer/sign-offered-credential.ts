/**
 * Signs the credential an offer promised, bound to the key of the wallet's proof (OpenID4VCI 1.0
 * section 8.2; DECISIONS 4 and D7.2), as the product signs its credentials:
 *
 * - `dc+sd-jwt`: an SD-JWT VC (draft-ietf-oauth-sd-jwt-vc, @sd-jwt/sd-jwt-vc) with header
 *   { alg: 'EdDSA', typ: 'dc+sd-jwt', kid: the issuer's did:key DID URL } and payload { iss: the
 *   issuer's did:key, vct: '{PUBLIC_ORIGIN}/vct/{type}', iat and nbf: now, exp: the type's expiry
 *   (SPEC 9), cnf: { jwk: the proof's public key (Ed25519 or P-256) }, _sd_alg: 'sha-256', _sd }:
 *   every subject claim (`name`, `document_type` and the type's fields) its own disclosure;
 *   with a status entry, `status: { status_list: { idx, uri } }` (IETF Token Status List
 *   section 6.1), a plain claim: a verifier must be able to read it whatever is disclosed.
 * - `ldp_vc`: a W3C VCDM 2.0 document (core's buildCredentialDocument: the type's VC type, issuer
 *   { id, name }, validFrom now, validUntil the type's expiry) whose credentialSubject.id is the
 *   did:key of the proof's Ed25519 key, checked against the VC 2.0 rules and signed with an
 *   eddsa-jcs-2022 DataIntegrityProof under the issuer's key; with a status entry, its `id` is
 *   the entry's credential id ('urn:uuid:...', shared with the dc+sd-jwt form) and
 *   `credentialStatus` holds two BitstringStatusListEntry objects (revocation, suspension; W3C
 *   Bitstring Status List v1.0 section 2.1). docs/status-lists.md has both entries' shapes.
 *
 * Errors: none for a well-formed call; a P-256 key for ldp_vc or a document breaking the VC
 * rules is a bug of the caller (it checks the key first), hence a thrown Error.
 */
import {
  buildCredentialDocument,
  checkCredentialRules,
  createEddsaJcs2022Proof,
  credentialExpiry,
  type DocumentType,
  type IssuerName,
  publicJwkToDidKey,
  toSecondsIso,
  vctOf,
} from '@pehchaan/core';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import type { DisclosureFrame } from '@sd-jwt/types';
import type { ServiceDeps } from '../lib/deps';
import { newCredentialId } from '../lib/ids';
import type { OfferFormat } from './oid4vci';
import {
  bitstringStatusEntries,
  type CredentialStatusEntry,
  tokenStatusClaim,
} from './status-lists';

export interface SignOfferedCredentialOptions
  extends Pick<ServiceDeps, 'issuers' | 'proofCrypto' | 'publicOrigin'> {
  issuer: IssuerName;
  type: DocumentType;
  format: OfferFormat;
  /** The offer's claims: `name` and the type's subject fields. */
  claims: Record<string, unknown>;
  /** The public JWK of the wallet's proof. */
  holderJwk: Record<string, string>;
  now: Date;
  /** The credential's status entry (allocate-credential-status.ts); none for an old offer. */
  status?: CredentialStatusEntry | undefined;
}

/** The credential: the compact SD-JWT VC (a string) or the signed W3C document (an object). */
export async function signOfferedCredential(
  options: SignOfferedCredentialOptions,
): Promise<string | Record<string, unknown>> {
  const key = options.issuers.get(options.issuer);
  const { type, now } = options;
  // Whole seconds, as every instant the product signs.
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  if (options.format === 'dc+sd-jwt') {
    const claims = { name: options.claims.name, document_type: type.name, ...options.claims };
    const instance = new SDJwtVcInstance({
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
      signAlg: 'EdDSA',
      signer: (input) =>
        Buffer.from(key.sign(new Uint8Array(Buffer.from(input, 'utf8')))).toString('base64url'),
    });
    const iat = issuedAt.getTime() / 1000;
    const payload: SdJwtVcPayload = {
      iss: key.did,
      vct: vctOf(options.publicOrigin, type.key),
      iat,
      nbf: iat,
      exp: credentialExpiry(type.key, issuedAt).getTime() / 1000,
      cnf: { jwk: { ...options.holderJwk } },
      ...(options.status
        ? { status: tokenStatusClaim(options.publicOrigin, options.issuer, options.status) }
        : {}),
      ...claims,
    };
    return instance.issue(
      payload,
      { _sd: Object.keys(claims) } as DisclosureFrame<SdJwtVcPayload>,
      { header: { kid: key.verificationMethod } },
    );
  }
  const unsigned = buildCredentialDocument({
    credentialId: newCredentialId(),
    documentType: type.key,
    // The holder is named by their key below, not by a user id of this product.
    userId: 'oid4vci',
    issuerDid: key.did,
    claims: options.claims,
    issuedAt,
  });
  unsigned.credentialSubject = {
    ...unsigned.credentialSubject,
    id: publicJwkToDidKey(options.holderJwk),
  };
  const document = options.status
    ? {
        ...unsigned,
        id: options.status.credentialId,
        credentialStatus: bitstringStatusEntries(
          options.publicOrigin,
          options.issuer,
          options.status,
        ),
      }
    : unsigned;
  const broken = checkCredentialRules(document);
  if (broken.length > 0) throw new Error(`Refusing to sign: ${broken.join('; ')}`);
  return createEddsaJcs2022Proof(document, {
    verificationMethod: key.verificationMethod,
    created: toSecondsIso(issuedAt),
    sign: key.sign,
    crypto: options.proofCrypto,
  });
}
