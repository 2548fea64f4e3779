/**
 * A status check folded into a W3C credential verdict (core's CredentialVerdict), the one rule
 * every verifier path of a W3C credential uses (docs/status-lists.md "Checking status"):
 * `checks.status` true only for 'valid'; `credential_status` the check; for revoked, suspended
 * or unknown the text 'Credential revoked' / 'Credential suspended' / 'Status unknown' (core's
 * STATUS_FAILURE_TEXT) with the reason, among `errors` and the verdict's status 'revoked',
 * 'suspended' or 'status_unknown' when the check is required (unless a more severe status
 * holds: malformed, invalid_signature), else among `warnings`.
 * Also the problem code of a verdict failing on status (credential_revoked,
 * credential_suspended, status_unknown), for the refusals.
 */
import {
  type CredentialVerdict,
  STATUS_FAILURE_TEXT,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@pehchaan/core';
import type { StatusCheck, StatusValue } from './index';

/** The verdict status of a failing status value. */
const STATUS_OF: Record<Exclude<StatusValue, 'valid'>, VerificationStatus> = {
  revoked: 'revoked',
  suspended: 'suspended',
  unknown: 'status_unknown',
};

/** The problem code of a verdict status that is a status failure, else undefined. */
export function statusProblemCode(
  status: VerificationStatus,
): 'credential_revoked' | 'credential_suspended' | 'status_unknown' | undefined {
  if (status === 'revoked') return 'credential_revoked';
  if (status === 'suspended') return 'credential_suspended';
  if (status === 'status_unknown') return 'status_unknown';
  return undefined;
}

/** The sentence of a failing status: its text, then the reason when there is one. */
export function statusFailureText(check: StatusCheck): string | undefined {
  if (check.value === 'valid') return undefined;
  const text = STATUS_FAILURE_TEXT[check.value];
  return check.reason ? `${text}: ${check.reason}` : text;
}

/** `verdict` with `check` folded in (see the module docs). */
export function withStatus(
  verdict: CredentialVerdict,
  check: StatusCheck,
  required: boolean,
): CredentialVerdict {
  const credentialStatus = {
    value: check.value,
    checked_at: check.checked_at,
    ...(check.reason ? { reason: check.reason } : {}),
  };
  const checks = { ...verdict.checks, status: check.value === 'valid' };
  const text = statusFailureText(check);
  if (check.value === 'valid' || text === undefined) {
    return { ...verdict, checks, credential_status: credentialStatus };
  }
  if (!required) {
    return {
      ...verdict,
      checks,
      warnings: [...verdict.warnings, text],
      credential_status: credentialStatus,
    };
  }
  const failed = STATUS_OF[check.value];
  const status =
    VERIFICATION_STATUSES.indexOf(verdict.status) < VERIFICATION_STATUSES.indexOf(failed)
      ? verdict.status
      : failed;
  return {
    ...verdict,
    verified: false,
    status,
    checks,
    errors: [...verdict.errors, text],
    credential_status: credentialStatus,
  };
}
