/**
 * verifyCredential: the one verifier the server and the web app share (DECISIONS 4, STYLE
 * principles 7 and 8). It answers a verdict and never throws for a bad credential.
 */

import { ED25519_SIGNATURE_2020 } from './ed25519-signature-2020';
import { EDDSA_JCS_2022, EDDSA_RDFC_2022 } from './eddsa-jcs-2022';
import type { JsonLdContexts } from './json-ld-loader';
import { defaultProofCrypto, type ProofCrypto } from './proof-crypto';
import { checkCredentialRules, credentialIssuerId, isJsonObject, validityPeriod } from './vc-rules';
import { VERIFICATION_STATUSES, type VerificationStatus } from './verification-statuses';
import { verifyProofSet } from './verify-proof';

// Verdict statuses, most severe first: a zod-free module of their own (the web's /verify island).
export { VERIFICATION_STATUSES, type VerificationStatus };

export interface VerificationChecks {
  /**
   * Every proof verifies under its own did:key, and, when the issuer is a did:key, one of them
   * is the issuer's key (an issuer of another kind cannot be tied to a key offline: a warning).
   */
  signature: boolean;
  /** The issuer is in `trustedIssuers`. */
  trusted_issuer: boolean;
  /** `now` lies within [validFrom, validUntil] (VCDM 1.1: issuanceDate, expirationDate). */
  validity: boolean;
  /**
   * The issuer's status list says the credential is valid (W3C Bitstring Status List, IETF
   * Token Status List). Absent when not checked: the credential has no status entry, or the
   * verifier did not check (verifyCredential never does: it fetches nothing).
   */
  status?: boolean;
}

/** A credential's status as read from its issuer's status list (server's lib/status-list). */
export interface CredentialStatusResult {
  value: 'valid' | 'suspended' | 'revoked' | 'unknown';
  /** When it was checked (ISO 8601). */
  checked_at: string;
  /** Why it is unknown (a plain sentence), or what the list said. */
  reason?: string;
}

/**
 * The checks a caller can require (W3C VC API `options.checks`): 'proof' (checks.signature),
 * 'validity' and 'trusted_issuer'. All three are always computed; a check not required does not
 * decide `verified`, and its failure is a warning instead of an error.
 */
export const CREDENTIAL_CHECKS = ['proof', 'validity', 'trusted_issuer'] as const;
export type CredentialCheck = (typeof CREDENTIAL_CHECKS)[number];

/** The product's own verdict (the verify link and page): all three checks. */
export const ALL_CREDENTIAL_CHECKS: readonly CredentialCheck[] = CREDENTIAL_CHECKS;

/** Whether the issuer is on the caller's trusted list: a result of its own, never a proof error. */
export interface IssuerTrust {
  /** The issuer's id ('' when the document names none). */
  issuer: string;
  /** True when it is in `trustedIssuers`. */
  trusted: boolean;
}

export interface CredentialVerdict {
  /** True only when status is 'verified'. */
  verified: boolean;
  status: VerificationStatus;
  checks: VerificationChecks;
  /** Human-readable reasons of the required checks that failed, empty when verified. */
  errors: string[];
  /** Reasons of checks not required that failed, and what could not be checked offline. */
  warnings: string[];
  /** The issuer and whether the caller trusts it. */
  trust: IssuerTrust;
  /** The status read from the issuer's status list, when the credential has a status entry. */
  credential_status?: CredentialStatusResult;
}

/**
 * A caller's trust decision for one credential: true when it trusts `issuerId` (the document's
 * issuer id, '' never reaches it) for this `document` (e.g. only for the document types that
 * issuer may issue). Must not throw.
 */
export type TrustedIssuerPredicate = (
  issuerId: string,
  document: Record<string, unknown>,
) => boolean;

export interface VerifyCredentialOptions {
  /**
   * Issuer identifiers (DIDs) the caller trusts, or its decision per credential (a server's
   * trust list that also knows which types each issuer may issue).
   */
  trustedIssuers: Iterable<string> | TrustedIssuerPredicate;
  /** The instant the validity period is checked at. */
  now: Date;
  /** Cryptosuites the caller accepts; default both EdDSA suites (DEFAULT_CRYPTOSUITES). */
  cryptosuites?: readonly string[];
  /** SHA-256 and Ed25519; default WebCrypto. */
  crypto?: ProofCrypto;
  /**
   * The checks that decide `verified` (default ALL_CREDENTIAL_CHECKS). The W3C VC API passes
   * its request's `options.checks` (default ['proof']); a malformed document is never verified.
   */
  checks?: readonly CredentialCheck[];
  /**
   * JSON-LD contexts the RDFC cryptosuites may use besides the bundled ones (URL -> context
   * document), e.g. the consent receipt context bound to the verifier's own origin
   * (consentReceiptContexts). Nothing is ever fetched.
   */
  contexts?: JsonLdContexts;
}

/**
 * Both W3C EdDSA cryptosuites (DECISIONS 4: verification accepts whichever one an issuer signs
 * with). eddsa-jcs-2022 is checked without JSON-LD; eddsa-rdfc-2022 loads jsonld on first use.
 */
export const DEFAULT_CRYPTOSUITES: readonly string[] = [EDDSA_JCS_2022, EDDSA_RDFC_2022];

/**
 * What the W3C VC API accepts: the two cryptosuites and the legacy Ed25519Signature2020 proof
 * type (credentials from other issuers).
 */
export const VC_API_CRYPTOSUITES: readonly string[] = [
  ...DEFAULT_CRYPTOSUITES,
  ED25519_SIGNATURE_2020,
];

const NO_CHECKS: VerificationChecks = { signature: false, trusted_issuer: false, validity: false };

/**
 * Verifies a W3C VC 2.0 or VCDM 1.1 credential secured with one proof or a proof set (or chain):
 * DataIntegrityProof (eddsa-jcs-2022, eddsa-rdfc-2022) or Ed25519Signature2020.
 *
 * Checks, in order of severity:
 * - malformed: not a JSON object, breaks a Data Model rule (vc-rules.ts), a proof that is not a
 *   readable proof with assertionMethod purpose, a cryptosuite not in `cryptosuites` or not
 *   implemented, a verification method that is not an Ed25519 did:key (keys are resolved
 *   offline only; did:web and https keys are not fetched, and the error says so), a
 *   previousProof naming no proof of the set, or, for the RDFC suites, a document that cannot
 *   be canonicalized: a JSON-LD context that is not bundled (the error names its URL; nothing is
 *   fetched) or a term no context defines;
 * - invalid_signature ('proof'): no proof, a proof that does not verify (every proof of a set
 *   must), or an issuer that is a did:key whose key made none of the proofs;
 * - untrusted_issuer ('trusted_issuer'): the issuer id is not in `trustedIssuers` (or its
 *   predicate answers false for this document);
 * - expired ('validity'): `now` is after validUntil (or before validFrom: "not valid yet");
 * - verified otherwise.
 * Only the checks in `options.checks` decide the status; the others fail as warnings. `trust`
 * always says whether the issuer is trusted. Never throws for any `document` value.
 */
export async function verifyCredential(
  document: unknown,
  options: VerifyCredentialOptions,
): Promise<CredentialVerdict> {
  const required = new Set<CredentialCheck>(options.checks ?? ALL_CREDENTIAL_CHECKS);
  const issuerId = isJsonObject(document) ? (credentialIssuerId(document) ?? '') : '';
  const trustedIssuer = isTrusted(
    options.trustedIssuers,
    issuerId,
    isJsonObject(document) ? document : {},
  );
  const malformed = (errors: string[]): CredentialVerdict => ({
    verified: false,
    status: 'malformed',
    checks: { ...NO_CHECKS },
    errors,
    warnings: [],
    trust: { issuer: issuerId, trusted: trustedIssuer },
  });
  const ruleErrors = checkCredentialRules(document);
  if (ruleErrors.length > 0 || !isJsonObject(document)) return malformed(ruleErrors);

  const validity = checkValidity(document, options.now);
  const proofErrors: string[] = [];
  const warnings: string[] = [];
  let signature = false;
  const proofs = await verifyProofSet(document, {
    cryptosuites: options.cryptosuites ?? DEFAULT_CRYPTOSUITES,
    proofPurpose: 'assertionMethod',
    crypto: options.crypto ?? defaultProofCrypto,
    ...(options.contexts ? { contexts: options.contexts } : {}),
  });
  if (!proofs.ok && proofs.reason === 'malformed') return malformed([proofs.error]);
  if (!proofs.ok && proofs.reason === 'missing') {
    proofErrors.push('The credential has no proof');
  } else if (!proofs.ok) {
    proofErrors.push('Invalid signature: the credential was changed or not signed by its issuer');
  } else if (issuerId.startsWith('did:key:')) {
    signature = proofs.proofs.some(({ signer }) => signer === issuerId);
    if (!signature) proofErrors.push("The proof's verification method is not the issuer's key");
  } else {
    signature = true;
    warnings.push(
      `The issuer ${issuerId} is not a did:key: its keys are not fetched, so that it controls ${proofs.proofs.map(({ signer }) => signer).join(', ')} is not checked`,
    );
  }
  const trustError = trustedIssuer ? [] : [`The issuer ${issuerId} is not a trusted issuer`];
  const validityError = validity.error ? [validity.error] : [];

  const errors: string[] = [];
  const place = (check: CredentialCheck, messages: string[]) => {
    if (required.has(check)) errors.push(...messages);
    else warnings.push(...messages);
  };
  place('proof', proofErrors);
  place('trusted_issuer', trustError);
  place('validity', validityError);

  const checks = { signature, trusted_issuer: trustedIssuer, validity: validity.ok };
  const status: VerificationStatus =
    required.has('proof') && !signature
      ? 'invalid_signature'
      : required.has('trusted_issuer') && !trustedIssuer
        ? 'untrusted_issuer'
        : required.has('validity') && !validity.ok
          ? 'expired'
          : 'verified';
  return {
    verified: status === 'verified',
    status,
    checks,
    errors,
    warnings,
    trust: { issuer: issuerId, trusted: trustedIssuer },
  };
}

function isTrusted(
  trustedIssuers: Iterable<string> | TrustedIssuerPredicate,
  issuerId: string,
  document: Record<string, unknown>,
): boolean {
  if (issuerId === '') return false;
  if (typeof trustedIssuers === 'function') return trustedIssuers(issuerId, document);
  if (Array.isArray(trustedIssuers)) return trustedIssuers.includes(issuerId);
  if (trustedIssuers instanceof Set) return trustedIssuers.has(issuerId);
  for (const trusted of trustedIssuers) if (trusted === issuerId) return true;
  return false;
}

function checkValidity(
  document: Record<string, unknown>,
  now: Date,
): { ok: boolean; error?: string } {
  const at = now.getTime();
  const { from, until, fromName, untilName } = validityPeriod(document);
  if (until !== undefined && at > until) {
    return { ok: false, error: `The credential expired on ${String(document[untilName])}` };
  }
  if (from !== undefined && at < from) {
    return {
      ok: false,
      error: `The credential is not valid before ${String(document[fromName])}`,
    };
  }
  return { ok: true };
}

/**
 * When the validity part of `verifyCredential`'s verdict on `document` can next change: the
 * first instant (epoch ms) after `now` at which `validFrom` is reached or `validUntil` passed
 * (validUntil + 1 ms: the credential is valid through validUntil itself). Undefined when the
 * verdict never changes with time (no such instant ahead). A verdict computed at `now` holds for
 * every instant before the returned one (the signature and issuer checks do not depend on time).
 * Used to keep a verdict (apps/server read cache) no longer than it holds. Never throws.
 */
export function validityChangesAt(document: unknown, now: Date): number | undefined {
  if (!isJsonObject(document)) return undefined;
  const at = now.getTime();
  const { from, until } = validityPeriod(document);
  let next: number | undefined;
  for (const instant of [from, until === undefined ? undefined : until + 1]) {
    if (instant !== undefined && instant > at && (next === undefined || instant < next)) {
      next = instant;
    }
  }
  return next;
}
