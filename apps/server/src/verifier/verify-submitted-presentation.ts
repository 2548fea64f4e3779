/**
 * POST /presentations/verify, the W3C VC API verifier (DECISIONS 4, api-contract "Credentials,
 * signing and verification"): verifies a presentation a caller sends: the holder's proof (or
 * proof set), the challenge and domain the caller gave it, and every credential inside with
 * the checks asked for (as verify-submitted-credential.ts; trust: the trust list, each credential's
 * issuer for that credential's type).
 *
 * Input: { ...deps, presentation: the `verifiablePresentation` object, challenge?, domain?,
 * checks? (default ['proof']) }.
 * Output: the presentation verdict (core's PresentationVerdict) when it is verified.
 * Errors: AppError 'invalid_presentation' (400) when it or a credential in it is malformed;
 * 'presentation_not_verified' (422) when a proof, the challenge, the domain or a credential's
 * requested check fails. Both carry `verified: false` and `verification` (the whole verdict,
 * with the reasons); the `detail` is a fixed text, never the caller's input.
 */
import {
  type CredentialCheck,
  type PresentationVerdict,
  VC_API_CRYPTOSUITES,
  verifyPresentation,
} from '@pehchaan/core';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { loadTrustList } from '../lib/trust-list';
import { DEFAULT_VC_API_CHECKS } from './verify-submitted-credential';

export interface VerifySubmittedPresentationOptions
  extends Pick<ServiceDeps, 'db' | 'publicOrigin' | 'now' | 'proofCrypto'> {
  presentation: Record<string, unknown>;
  /** The challenge the verifier gave the holder; every proof must carry exactly it. */
  challenge?: string;
  /** The verifier's domain; every proof's domain must be it or list it. */
  domain?: string;
  checks?: readonly CredentialCheck[];
}

export async function verifySubmittedPresentation(
  options: VerifySubmittedPresentationOptions,
): Promise<PresentationVerdict> {
  const verdict = await verifyPresentation(options.presentation, {
    // The trust list (lib/trust-list.ts), per credential: its issuer, for its type.
    trustedIssuers: (await loadTrustList(options)).trustsCredential,
    now: options.now(),
    crypto: options.proofCrypto,
    cryptosuites: VC_API_CRYPTOSUITES,
    checks: options.checks ?? DEFAULT_VC_API_CHECKS,
    challenge: options.challenge,
    domain: options.domain,
  });
  if (verdict.verified) return verdict;
  throw new AppError(
    verdict.status === 'malformed' ? 'invalid_presentation' : 'presentation_not_verified',
    verdict.status === 'malformed'
      ? 'The presentation is malformed; see verification.errors'
      : 'The presentation does not verify; see verification.errors',
    undefined,
    { verified: false, verification: verdict },
  );
}
