/**
 * verifyCredential: the one verifier the server and the web app share (DECISIONS 4, STYLE
 * principles 7 and 8). It answers a verdict and never throws for a bad credential.
 */

import type { DidKeyReference } from './did-key';
import { EDDSA_JCS_2022, EDDSA_RDFC_2022 } from './eddsa-jcs-2022';
import { defaultProofCrypto, type ProofCrypto } from './proof-crypto';
import {
  checkCredentialRules,
  credentialIssuerId,
  isJsonObject,
  parseDateTimeStamp,
} from './vc-rules';
import { readDataIntegrityProof, resolveDidKey, verifyDataIntegrityProof } from './verify-proof';

/** Verdict statuses, most severe first (the first that applies is the status). */
export const VERIFICATION_STATUSES = [
  'malformed',
  'invalid_signature',
  'untrusted_issuer',
  'expired',
  'verified',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export interface VerificationChecks {
  /** The proof verifies under the issuer's own key. */
  signature: boolean;
  /** The issuer is in `trustedIssuers`. */
  trusted_issuer: boolean;
  /** `now` lies within [validFrom, validUntil]. */
  validity: boolean;
}

export interface CredentialVerdict {
  /** True only when status is 'verified'. */
  verified: boolean;
  status: VerificationStatus;
  checks: VerificationChecks;
  /** Human-readable reasons, empty when verified. */
  errors: string[];
}

export interface VerifyCredentialOptions {
  /** Issuer identifiers (DIDs) the caller trusts. */
  trustedIssuers: Iterable<string>;
  /** The instant the validity period is checked at. */
  now: Date;
  /** Cryptosuites the caller accepts; default both EdDSA suites (DEFAULT_CRYPTOSUITES). */
  cryptosuites?: readonly string[];
  /** SHA-256 and Ed25519; default WebCrypto. */
  crypto?: ProofCrypto;
}

/**
 * Both W3C EdDSA cryptosuites (DECISIONS 4: verification accepts whichever one an issuer signs
 * with). eddsa-jcs-2022 is checked without JSON-LD; eddsa-rdfc-2022 loads jsonld on first use.
 */
export const DEFAULT_CRYPTOSUITES: readonly string[] = [EDDSA_JCS_2022, EDDSA_RDFC_2022];

const NO_CHECKS: VerificationChecks = { signature: false, trusted_issuer: false, validity: false };

/**
 * Verifies a W3C VC 2.0 credential secured with a DataIntegrityProof.
 *
 * Checks, in order of severity:
 * - malformed: not a JSON object, breaks a VC 2.0 rule (vc-rules.ts), a proof that is not a
 *   single DataIntegrityProof object with assertionMethod purpose, a cryptosuite not in
 *   `cryptosuites` or not implemented (eddsa-jcs-2022 and eddsa-rdfc-2022 are), a verification
 *   method that is not an Ed25519 did:key (keys are resolved offline only), or, for
 *   eddsa-rdfc-2022, a document that cannot be canonicalized: a JSON-LD context that is not
 *   bundled (the error names its URL; nothing is fetched) or a term no context defines;
 * - invalid_signature: no proof, the verification method is not the issuer's did:key, or the
 *   Ed25519 signature over the cryptosuite's hashData does not verify;
 * - untrusted_issuer: the issuer id is not in `trustedIssuers`;
 * - expired: `now` is after validUntil (or before validFrom: "not valid yet");
 * - verified otherwise.
 * Never throws for any `document` value.
 */
export async function verifyCredential(
  document: unknown,
  options: VerifyCredentialOptions,
): Promise<CredentialVerdict> {
  const malformed = (errors: string[]): CredentialVerdict => ({
    verified: false,
    status: 'malformed',
    checks: { ...NO_CHECKS },
    errors,
  });
  const ruleErrors = checkCredentialRules(document);
  if (ruleErrors.length > 0 || !isJsonObject(document)) return malformed(ruleErrors);

  const issuerId = credentialIssuerId(document) ?? '';
  const trusted = isTrusted(options.trustedIssuers, issuerId);
  const validity = checkValidity(document, options.now);

  const errors: string[] = [];
  let signature = false;
  const rawProof = Array.isArray(document.proof)
    ? document.proof.length === 1
      ? document.proof[0]
      : document.proof
    : document.proof;
  if (rawProof === undefined || rawProof === null) {
    errors.push('The credential has no proof');
  } else {
    const proof = readDataIntegrityProof(rawProof, {
      cryptosuites: options.cryptosuites ?? DEFAULT_CRYPTOSUITES,
      proofPurpose: 'assertionMethod',
    });
    if (typeof proof === 'string') return malformed([proof]);
    let key: DidKeyReference;
    try {
      key = resolveDidKey(proof.verificationMethod);
    } catch {
      return malformed(['The verification method must be an Ed25519 did:key']);
    }
    if (key.did !== issuerId) {
      errors.push("The proof's verification method is not the issuer's key");
    } else {
      const result = await verifyDataIntegrityProof(
        document,
        proof,
        key.publicKey,
        options.crypto ?? defaultProofCrypto,
      );
      if (!result.ok && result.reason === 'malformed') return malformed([result.error]);
      signature = result.ok;
      if (!result.ok)
        errors.push('Invalid signature: the credential was changed or not signed by its issuer');
    }
  }
  if (!trusted) errors.push(`The issuer ${issuerId} is not a trusted issuer`);
  if (validity.error) errors.push(validity.error);

  const checks = { signature, trusted_issuer: trusted, validity: validity.ok };
  const status: VerificationStatus = !signature
    ? 'invalid_signature'
    : !trusted
      ? 'untrusted_issuer'
      : !validity.ok
        ? 'expired'
        : 'verified';
  return { verified: status === 'verified', status, checks, errors };
}

function isTrusted(trustedIssuers: Iterable<string>, issuerId: string): boolean {
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
  const from = parseDateTimeStamp(document.validFrom);
  const until = parseDateTimeStamp(document.validUntil);
  if (until !== undefined && at > until) {
    return { ok: false, error: `The credential expired on ${String(document.validUntil)}` };
  }
  if (from !== undefined && at < from) {
    return { ok: false, error: `The credential is not valid before ${String(document.validFrom)}` };
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
  const from = parseDateTimeStamp(document.validFrom);
  const until = parseDateTimeStamp(document.validUntil);
  let next: number | undefined;
  for (const instant of [from, until === undefined ? undefined : until + 1]) {
    if (instant !== undefined && instant > at && (next === undefined || instant < next)) {
      next = instant;
    }
  }
  return next;
}
