/**
 * verifyPresentation: the core of the W3C VC API's POST /presentations/verify (DECISIONS 4,
 * STYLE principles 7 and 8). It answers a verdict and never throws for a bad presentation.
 */
import type { DidKeyReference } from './did-key';
import type { DataIntegrityProof, JsonObject } from './eddsa-jcs-2022';
import { defaultProofCrypto } from './proof-crypto';
import { checkContextAndType, isJsonObject, parseDateTimeStamp } from './vc-rules';
import {
  type CredentialVerdict,
  DEFAULT_CRYPTOSUITES,
  VERIFICATION_STATUSES,
  type VerificationStatus,
  type VerifyCredentialOptions,
  verifyCredential,
} from './verify-credential';
import {
  readDataIntegrityProof,
  resolveDidKey,
  unresolvableKeyReason,
  verifyProofSet,
} from './verify-proof';

export interface PresentationChecks {
  /**
   * The presentation's own proof (proofPurpose authentication) verifies under its did:key, that
   * key is the holder's (when `holder` is given), and the challenge and domain asked for match.
   * False when the presentation has no proof.
   */
  holder_proof: boolean;
  /** Every `verifiableCredential` entry is verified (true when there are none). */
  credentials: boolean;
}

export interface PresentationVerdict {
  /** True only when status is 'verified'. */
  verified: boolean;
  /** The most severe of the presentation's own status and each credential's. */
  status: VerificationStatus;
  checks: PresentationChecks;
  /** The presentation's reasons, then each credential's prefixed 'verifiableCredential[i]: '. */
  errors: string[];
  /** One verifyCredential verdict per `verifiableCredential` entry, in order. */
  credentialResults: CredentialVerdict[];
}

export interface VerifyPresentationOptions extends VerifyCredentialOptions {
  /** The challenge the verifier gave the holder; the proof must carry exactly it. */
  challenge?: string;
  /** The verifier's domain; the proof's domain must be it (or a list including it). */
  domain?: string;
}

const NO_CHECKS: PresentationChecks = { holder_proof: false, credentials: false };

/**
 * Verifies a W3C VC 2.0 (or VCDM 1.1) VerifiablePresentation: its own proof or proof set (the
 * holder's; every proof must verify, carry the challenge and domain asked for, and be by the
 * holder's key when `holder` is given) and each credential it carries (verifyCredential with
 * the same trusted issuers, clock, cryptosuites and checks).
 *
 * The presentation's own status, in order of severity:
 * - malformed: not a JSON object, @context not an array starting with the VC 2.0 (or 1.1)
 *   context, type without VerifiablePresentation, an id or holder of the wrong shape, a
 *   verifiableCredential that is neither an object nor an array; a proof that is not a
 *   readable proof with proofPurpose authentication and an accepted cryptosuite, a challenge that is not a
 *   string, a domain that is not a string or list of strings, an expires that is not a
 *   dateTimeStamp, a verification method that is not an Ed25519 did:key, or (eddsa-rdfc-2022)
 *   a presentation that cannot be canonicalized;
 * - invalid_signature: the proof's key is not the holder's (`holder` given), a challenge or
 *   domain was asked for and the proof does not carry it, the proof expired, the signature does
 *   not verify; or there is no proof while a challenge or domain was asked for (a holder proof
 *   is then required), or no proof and no credential (nothing is verified);
 * - verified otherwise. An unsigned presentation without a challenge or domain is accepted as a plain
 *   envelope: it verifies when all its credentials do, with `checks.holder_proof` false, and
 *   proves nothing about who presented it.
 * The verdict's status is the most severe of that and each credential's status.
 * Never throws for any `presentation` value.
 */
export async function verifyPresentation(
  presentation: unknown,
  options: VerifyPresentationOptions,
): Promise<PresentationVerdict> {
  const ruleErrors = checkPresentationRules(presentation);
  if (ruleErrors.length > 0 || !isJsonObject(presentation)) {
    return {
      verified: false,
      status: 'malformed',
      checks: { ...NO_CHECKS },
      errors: ruleErrors,
      credentialResults: [],
    };
  }
  const entries = credentialEntries(presentation.verifiableCredential);
  const [holder, credentialResults] = await Promise.all([
    checkHolderProof(presentation, entries.length, options),
    Promise.all(entries.map((entry) => verifyCredential(entry, options))),
  ]);
  let status = holder.status;
  for (const result of credentialResults) status = moreSevere(status, result.status);
  const errors = [
    ...holder.errors,
    ...credentialResults.flatMap((result, index) =>
      result.errors.map((error) => `verifiableCredential[${index}]: ${error}`),
    ),
  ];
  return {
    verified: status === 'verified',
    status,
    checks: {
      holder_proof: holder.ok,
      credentials: credentialResults.every((result) => result.verified),
    },
    errors,
    credentialResults,
  };
}

/** The VC 2.0 (or VCDM 1.1) presentation rules broken by `value`, as sentences; empty when it conforms. */
function checkPresentationRules(value: unknown): string[] {
  if (!isJsonObject(value)) return ['The presentation must be a JSON object'];
  const errors = checkContextAndType(value, 'VerifiablePresentation');
  if (value.id !== undefined && typeof value.id !== 'string') {
    errors.push('id must be a string (a URL)');
  }
  if (value.holder !== undefined && holderId(value) === undefined) {
    errors.push('holder must be a URL or an object with an id');
  }
  const credentials = value.verifiableCredential;
  if (credentials !== undefined && !isJsonObject(credentials) && !Array.isArray(credentials)) {
    errors.push('verifiableCredential must be an object or an array of objects');
  }
  return errors;
}

/** `holder` itself or `holder.id`; undefined when absent or of another shape. */
function holderId(presentation: JsonObject): string | undefined {
  const holder = presentation.holder;
  if (typeof holder === 'string') return holder;
  if (isJsonObject(holder) && typeof holder.id === 'string') return holder.id;
  return undefined;
}

function credentialEntries(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function moreSevere(a: VerificationStatus, b: VerificationStatus): VerificationStatus {
  return VERIFICATION_STATUSES.indexOf(a) <= VERIFICATION_STATUSES.indexOf(b) ? a : b;
}

interface HolderProofResult {
  /** The proof verified (checks.holder_proof). */
  ok: boolean;
  /** The presentation's own status: 'verified', 'invalid_signature' or 'malformed'. */
  status: VerificationStatus;
  errors: string[];
}

async function checkHolderProof(
  presentation: JsonObject,
  credentialCount: number,
  options: VerifyPresentationOptions,
): Promise<HolderProofResult> {
  const fail = (status: VerificationStatus, error: string): HolderProofResult => ({
    ok: false,
    status,
    errors: [error],
  });
  const raw = presentation.proof;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    if (options.challenge !== undefined) {
      return fail('invalid_signature', 'A challenge was given but the presentation has no proof');
    }
    if (options.domain !== undefined) {
      return fail('invalid_signature', 'A domain was given but the presentation has no proof');
    }
    if (credentialCount === 0) {
      return fail('invalid_signature', 'The presentation has no proof and no credentials');
    }
    return { ok: false, status: 'verified', errors: [] };
  }
  const list = Array.isArray(raw) ? raw : [raw];
  // The bindings are read first: a wrong challenge says so even when a signature would fail.
  for (const value of list) {
    const proof = readDataIntegrityProof(value, {
      cryptosuites: options.cryptosuites ?? DEFAULT_CRYPTOSUITES,
      proofPurpose: 'authentication',
    });
    if (typeof proof === 'string') return fail('malformed', proof);
    const binding = checkBindings(proof, options);
    if (binding) return binding;
    let key: DidKeyReference;
    try {
      key = resolveDidKey(proof.verificationMethod);
    } catch {
      return fail('malformed', unresolvableKeyReason(proof.verificationMethod));
    }
    const holder = holderId(presentation);
    if (holder !== undefined && key.did !== holder) {
      return fail('invalid_signature', "The presentation's proof is not by its holder's key");
    }
  }
  const result = await verifyProofSet(presentation, {
    cryptosuites: options.cryptosuites ?? DEFAULT_CRYPTOSUITES,
    proofPurpose: 'authentication',
    crypto: options.crypto ?? defaultProofCrypto,
  });
  if (!result.ok) {
    return result.reason === 'malformed'
      ? fail('malformed', result.error)
      : fail(
          'invalid_signature',
          'Invalid signature: the presentation was changed or not signed by its holder',
        );
  }
  return { ok: true, status: 'verified', errors: [] };
}

/**
 * The challenge, domain and expires of one presentation proof against what the verifier asked
 * (Data Integrity 2.1): a failed HolderProofResult, or undefined when they hold.
 */
function checkBindings(
  proof: DataIntegrityProof,
  options: VerifyPresentationOptions,
): HolderProofResult | undefined {
  const fail = (status: VerificationStatus, error: string): HolderProofResult => ({
    ok: false,
    status,
    errors: [error],
  });
  const { challenge, domain, expires } = proof;
  if (challenge !== undefined && typeof challenge !== 'string') {
    return fail('malformed', 'proof.challenge must be a string');
  }
  let domains: string[] | undefined;
  if (domain !== undefined) {
    const list: unknown = typeof domain === 'string' ? [domain] : domain;
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
      return fail('malformed', 'proof.domain must be a string or a list of strings');
    }
    domains = list;
  }
  const expiresAt = expires === undefined ? undefined : parseDateTimeStamp(expires);
  if (expires !== undefined && expiresAt === undefined) {
    return fail('malformed', 'proof.expires must be a dateTimeStamp');
  }
  if (options.challenge !== undefined && challenge !== options.challenge) {
    return fail(
      'invalid_signature',
      challenge === undefined
        ? 'The presentation proof has no challenge, but one was given'
        : "The presentation proof's challenge does not match the one given",
    );
  }
  if (options.domain !== undefined && !domains?.includes(options.domain)) {
    return fail(
      'invalid_signature',
      "The presentation proof's domain does not match the one given",
    );
  }
  if (expiresAt !== undefined && options.now.getTime() > expiresAt) {
    return fail('invalid_signature', `The presentation proof expired on ${String(expires)}`);
  }
  return undefined;
}
