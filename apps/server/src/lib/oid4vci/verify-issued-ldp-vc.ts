/**
 * The wallet's checks of a W3C Data Integrity credential an issuer sent it over OpenID4VCI
 * (format `ldp_vc`, OpenID4VCI 1.0 appendix A.1.1; W3C VC Data Model 2.0 and Data Integrity EdDSA
 * Cryptosuites v1.0; DECISIONS 4 and 8), before anything is stored:
 * 1. size: at most MAX_ISSUED_CREDENTIAL_BYTES (64 KiB) of JSON text, else credential_too_large;
 * 2. a JSON object that core's verifyCredential reads: the VC 2.0 / 1.1 rules, a
 *    DataIntegrityProof of eddsa-jcs-2022 or eddsa-rdfc-2022 (bundled contexts only, nothing
 *    fetched) under an Ed25519 did:key that is the issuer's when the issuer is a did:key, and
 *    `now` inside [validFrom, validUntil];
 * 3. the issuer: when the caller knows the offering issuer's DIDs (the product's own issuers,
 *    `issuerDids`), one of them; else, when the trust list has the offering Credential Issuer, the document's issuer
 *    must be one of the DIDs (or the identifier) that entry names; otherwise it must be the
 *    Credential Issuer Identifier itself or a did:key no other trust-list entry names (an
 *    untrusted issuer cannot hand over a credential signed as a trusted one);
 * 4. the binding: `credentialSubject.id` is the did:key of the holder's Ed25519 key the proof of
 *    possession named (one subject only);
 * 5. the type: every type of the configuration's `credential_definition.type` is in the
 *    document's `type`.
 * Every refusal is AppError credential_rejected (422) with the holder's wording, as for SD-JWT VCs
 * (verify-issued-sd-jwt.ts), or credential_too_large (422).
 *
 * `documentTypeOfLdpVc` says which of the SPEC's ten types a document is (its VC type is the
 * catalogue's `credentialType`, e.g. PanCardCredential), for SPEC 5's one-per-type rule.
 */
import {
  credentialIssuerId,
  DOCUMENT_TYPES,
  type DocumentTypeKey,
  isJsonObject,
  type ProofCrypto,
  publicJwkToDidKey,
  verifyCredential,
} from '@pehchaan/core';
import { AppError } from '../errors';
import type { TrustList } from '../trust-list';
import { MAX_ISSUED_CREDENTIAL_BYTES } from './verify-issued-sd-jwt';

export interface IssuedLdpVcExpectations {
  /** The Credential Issuer Identifier the wallet asked. */
  credentialIssuer: string;
  /** The configuration's `credential_definition.type`, when the metadata names one. */
  types: readonly string[] | undefined;
  /** The holder's Ed25519 public JWK the proof of possession named. */
  holderJwk: Readonly<Record<string, string>>;
  trustList: TrustList;
  /**
   * The DIDs the caller already knows the offering issuer signs as (the product's own issuer, by
   * its key in this server's keyring): when given, the document's issuer must be one of them and
   * the trust list is not asked.
   */
  issuerDids?: readonly string[] | undefined;
  now: Date;
  crypto: ProofCrypto;
}

/** What the wallet keeps of a checked Data Integrity credential. */
export interface VerifiedIssuedLdpVc {
  /** The credential as parsed from what the issuer sent. */
  document: Record<string, unknown>;
  /** The issuer's id (a DID or URL). */
  issuer: string;
  /** The SPEC type it is, when its VC type is one of the catalogue's. */
  documentType: DocumentTypeKey | undefined;
  /** validFrom and validUntil, when present. */
  validFrom: Date | undefined;
  validUntil: Date | undefined;
}

function rejected(detail: string): AppError {
  return new AppError('credential_rejected', `The issuer's credential was not accepted: ${detail}`);
}

/** The SPEC type of a W3C credential (its `type` names the catalogue's VC type), else undefined. */
export function documentTypeOfLdpVc(
  document: Record<string, unknown>,
): DocumentTypeKey | undefined {
  const types = Array.isArray(document.type) ? document.type : [document.type];
  return DOCUMENT_TYPES.find((type) => types.includes(type.credentialType))?.key;
}

/** The `credential_definition.type` of an ldp_vc configuration (12.2.4, A.1.1), else undefined. */
export function ldpTypesOf(configuration: Record<string, unknown>): string[] | undefined {
  const definition = configuration.credential_definition;
  const types = isJsonObject(definition) ? definition.type : undefined;
  return Array.isArray(types) && types.every((type) => typeof type === 'string')
    ? types
    : undefined;
}

/** The SPEC type an ldp_vc configuration offers (its credential_definition.type), else undefined. */
export function documentTypeOfLdpConfiguration(
  configuration: Record<string, unknown>,
): DocumentTypeKey | undefined {
  const types = ldpTypesOf(configuration);
  return types ? documentTypeOfLdpVc({ type: types }) : undefined;
}

function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** See the module docs. @throws AppError credential_rejected, credential_too_large. */
export async function verifyIssuedLdpVc(
  credential: string,
  expected: IssuedLdpVcExpectations,
): Promise<VerifiedIssuedLdpVc> {
  if (Buffer.byteLength(credential, 'utf8') > MAX_ISSUED_CREDENTIAL_BYTES) {
    throw new AppError(
      'credential_too_large',
      'The issuer sent a credential larger than 64 KiB, which Pehchaan does not store.',
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(credential);
  } catch {
    throw rejected('it cannot be read.');
  }
  if (!isJsonObject(document)) throw rejected('it is not a W3C credential.');
  const verdict = await verifyCredential(document, {
    // Whom the wallet trusts is decided below (and shown on the card), not by the proof check.
    trustedIssuers: () => true,
    now: expected.now,
    crypto: expected.crypto,
  });
  if (verdict.status === 'malformed') throw rejected('it is not a W3C credential Pehchaan reads.');
  if (verdict.status === 'invalid_signature') throw rejected('its signature does not verify.');
  const validFrom = dateOf(document.validFrom);
  const validUntil = dateOf(document.validUntil);
  if (verdict.status === 'expired') {
    throw rejected(
      validFrom && validFrom > expected.now ? 'it is not valid yet.' : 'it has already expired.',
    );
  }

  const issuer = credentialIssuerId(document) ?? '';
  const entry = expected.trustList.find({ identifier: expected.credentialIssuer });
  const ownsIssuer = expected.issuerDids
    ? expected.issuerDids.includes(issuer)
    : entry
      ? issuer === entry.identifier || entry.dids.includes(issuer)
      : issuer === expected.credentialIssuer ||
        (issuer.startsWith('did:key:') && expected.trustList.find({ did: issuer }) === undefined);
  if (!ownsIssuer) throw rejected('it names another issuer than the one that offered it.');

  const subjects = Array.isArray(document.credentialSubject)
    ? document.credentialSubject
    : [document.credentialSubject];
  const subject = subjects.length === 1 && isJsonObject(subjects[0]) ? subjects[0] : undefined;
  let holderDid: string;
  try {
    holderDid = publicJwkToDidKey(expected.holderJwk);
  } catch {
    throw rejected('it is bound to another key than your wallet proved it holds.');
  }
  if (subject?.id !== holderDid) {
    throw rejected('it is bound to another key than your wallet proved it holds.');
  }

  const types = Array.isArray(document.type) ? document.type : [document.type];
  if (expected.types?.some((type) => !types.includes(type))) {
    throw rejected('it is of another credential type than the one offered.');
  }
  return {
    document,
    issuer,
    documentType: documentTypeOfLdpVc(document),
    validFrom,
    validUntil,
  };
}
