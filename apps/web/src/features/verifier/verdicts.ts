/**
 * The verdict a /verify/{id} page shows for a check of a credential (SPEC 4 "Verification result",
 * SPEC 8), and its colours: pure, without React, so the page (components/verifier-page.tsx) and
 * the /verify island (src/app/verify-island.ts, which runs before React) show the same.
 */
import { findDocumentTypeByName } from '@pehchaan/core';
import type { VerificationAnswer, VerificationOutcome } from './api/verify-credential';

export type Verdict =
  | 'verified'
  | 'expired'
  | 'invalidSignature'
  | 'invalid'
  | 'revoked'
  | 'suspended'
  | 'statusUnknown'
  | 'notFound'
  | 'failed'
  | 'shareExpired'
  | 'withdrawn'
  | 'usedUp'
  | 'linkDisabled';

/** The verdict shown for an outcome (SPEC 4, 8). */
export function verdictOf(outcome: VerificationOutcome): Verdict {
  if (outcome.kind === 'not_found') return 'notFound';
  if (outcome.kind === 'failed') return 'failed';
  if (outcome.kind === 'share_expired') return 'shareExpired';
  if (outcome.kind === 'withdrawn') return 'withdrawn';
  if (outcome.kind === 'used_up') return 'usedUp';
  if (outcome.kind === 'link_disabled') return 'linkDisabled';
  const { status, verified } = outcome.answer;
  return verdictOfStatus(status, verified);
}

/**
 * The verdict shown for a verdict's status (core's VERIFICATION_STATUSES): the issuer's status
 * list answers (revoked, suspended, status_unknown) have their own.
 */
export function verdictOfStatus(
  status: VerificationAnswer['status'],
  verified: boolean,
): Extract<
  Verdict,
  | 'verified'
  | 'expired'
  | 'invalidSignature'
  | 'invalid'
  | 'revoked'
  | 'suspended'
  | 'statusUnknown'
> {
  if (verified && status === 'verified') return 'verified';
  if (status === 'expired') return 'expired';
  if (status === 'invalid_signature') return 'invalidSignature';
  if (status === 'revoked') return 'revoked';
  if (status === 'suspended') return 'suspended';
  if (status === 'status_unknown') return 'statusUnknown';
  return 'invalid';
}

export const TONES: Record<Verdict, string> = {
  verified:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  expired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  invalidSignature:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  invalid:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  revoked:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
  suspended:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  statusUnknown:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  notFound:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  failed:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  shareExpired:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  withdrawn:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  usedUp:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  linkDisabled:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
};

/** What the details and subject cards of a checked credential show. */
export interface Details {
  issuer: string;
  issuerId?: string;
  type: string;
  issued?: string;
  expires?: string | null;
  masked: Record<string, unknown>;
  /**
   * The chosen fields' values of a share link, identity numbers masked unless its holder chose
   * them whole; null: nothing to reveal (bare id, local copy, or no value differs from `masked`).
   */
  revealed: Record<string, unknown> | null;
  /** A share link's state, shown under the subject. */
  share?: VerificationAnswer['share'];
  checks: VerificationAnswer['checks'] | null;
  errors: string[];
}

/** The details of a server's answer; null when it names no credential. */
export function detailsFromAnswer(answer: VerificationAnswer): Details | null {
  const c = answer.credential;
  if (!c) return null;
  const masked = c.credential_subject_masked ?? {};
  const documentType =
    c.document_type ??
    (typeof masked.document_type === 'string' ? masked.document_type : undefined) ??
    (Array.isArray(c.type) ? c.type.at(-1) : c.type) ??
    '';
  return {
    issuer: c.issuer ?? findDocumentTypeByName(documentType)?.issuer ?? '',
    issuerId: c.issuer_id,
    type: documentType,
    issued: c.issuance_date,
    expires: c.expiration_date,
    masked,
    revealed: revealable(masked, answer.disclosed),
    share: answer.share,
    checks: answer.checks,
    errors: answer.errors,
  };
}

/** A share's `disclosed` values when one of them shows more than `masked` does, else null. */
function revealable(
  masked: Record<string, unknown>,
  disclosed: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  if (!disclosed) return null;
  const more = Object.entries(disclosed).some(([key, value]) => masked[key] !== value);
  return more ? disclosed : null;
}
