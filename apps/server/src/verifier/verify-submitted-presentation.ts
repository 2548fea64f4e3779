/**
 * POST /presentations/verify, the W3C VC API verifier (DECISIONS 4, api-contract "Credentials,
 * signing and verification"): verifies a presentation a caller sends: the holder's proof (or
 * proof set), the challenge and domain the caller gave it, and every credential inside with
 * the checks asked for (as verify-submitted-credential.ts; trust: the trust list, each credential's
 * issuer for that credential's type).
 *
 * Input: { ...deps, presentation: the `verifiablePresentation` object, challenge?, domain?,
 * checks? (default ['proof']) }.
 * Each credential with status entries has its status read as POST /credentials/verify does
 * (verify-submitted-credential.ts withCredentialStatus): required by default or when `checks`
 * names 'credentialStatus'; a failing one fails the presentation.
 * Output: the presentation verdict (core's PresentationVerdict) when it is verified.
 * Errors: AppError 'invalid_presentation' (400) when it or a credential in it is malformed;
 * 'credential_revoked', 'credential_suspended' or 'status_unknown' (409, 409, 422) when a credential's
 * status is the most severe failure; 'presentation_not_verified' (422) when a proof, the
 * challenge, the domain or a credential's other requested check fails. Both carry `verified: false` and `verification` (the whole verdict,
 * with the reasons); the `detail` is a fixed text, never the caller's input.
 */
import {
  type PresentationVerdict,
  VC_API_CRYPTOSUITES,
  type VcApiCheck,
  VERIFICATION_STATUSES,
  type VerificationStatus,
  verifyPresentation,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import type { StatusListDeps } from '../lib/status-list';
import { statusProblemCode } from '../lib/status-list/verdict';
import { loadTrustList } from '../lib/trust-list';
import { proofChecksOf, statusRequired, withCredentialStatus } from './verify-submitted-credential';

export interface VerifySubmittedPresentationOptions
  extends Pick<ServiceDeps, 'db' | 'publicOrigin' | 'now' | 'proofCrypto'>,
    StatusListDeps {
  presentation: Record<string, unknown>;
  /** The challenge the verifier gave the holder; every proof must carry exactly it. */
  challenge?: string;
  /** The verifier's domain; every proof's domain must be it or list it. */
  domain?: string;
  checks?: readonly VcApiCheck[];
}

/** The more severe of two statuses (core's VERIFICATION_STATUSES order). */
const moreSevere = (a: VerificationStatus, b: VerificationStatus) =>
  VERIFICATION_STATUSES.indexOf(a) <= VERIFICATION_STATUSES.indexOf(b) ? a : b;

/** The credentials of a presentation, as core's verifyPresentation enumerates them. */
function credentialsOf(presentation: Record<string, unknown>): unknown[] {
  const value = presentation.verifiableCredential;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** `verdict` with each credential's status folded in (see the module docs). */
async function withStatuses(
  verdict: PresentationVerdict,
  options: VerifySubmittedPresentationOptions,
): Promise<PresentationVerdict> {
  if (verdict.status === 'malformed') return verdict;
  const credentials = credentialsOf(options.presentation);
  const required = statusRequired(options.checks);
  const results = await Promise.all(
    verdict.credentialResults.map((result, index) =>
      withCredentialStatus(result, credentials[index], required, options),
    ),
  );
  let status: VerificationStatus = verdict.status;
  const errors = [...verdict.errors];
  results.forEach((result, index) => {
    const before = verdict.credentialResults[index];
    if (!before || result.errors.length === before.errors.length) return;
    status = moreSevere(status, result.status);
    for (const error of result.errors.slice(before.errors.length)) {
      errors.push(`verifiableCredential[${index}]: ${error}`);
    }
  });
  const allVerified = results.every((result) => result.verified);
  return {
    ...verdict,
    verified: verdict.verified && allVerified,
    status: verdict.verified && allVerified ? verdict.status : status,
    checks: { ...verdict.checks, credentials: allVerified },
    errors,
    credentialResults: results,
  };
}

export async function verifySubmittedPresentation(
  options: VerifySubmittedPresentationOptions,
): Promise<PresentationVerdict> {
  const verdictOfProofs = await verifyPresentation(options.presentation, {
    // The trust list (lib/trust-list.ts), per credential: its issuer, for its type.
    trustedIssuers: (await loadTrustList(options)).trustsCredential,
    now: options.now(),
    crypto: options.proofCrypto,
    cryptosuites: VC_API_CRYPTOSUITES,
    checks: proofChecksOf(options.checks),
    challenge: options.challenge,
    domain: options.domain,
  });
  const verdict = await withStatuses(verdictOfProofs, options);
  if (verdict.verified) return verdict;
  throw new AppError(
    statusProblemCode(verdict.status) ??
      (verdict.status === 'malformed' ? 'invalid_presentation' : 'presentation_not_verified'),
    verdict.status === 'malformed'
      ? 'The presentation is malformed; see verification.errors'
      : 'The presentation does not verify; see verification.errors',
    undefined,
    { verified: false, verification: verdict },
  );
}
