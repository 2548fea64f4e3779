/**
 * A credential its issuer revoked or suspended is not shared or presented (DECISIONS 8:
 * "revoked and suspended fail every verification"; docs/status-lists.md "The wallet"): the
 * status the wallet last saw (wallet/check-credential-status.ts) decides.
 * - Making a share link or QR code, presenting over OpenID4VP (the consent decision that would
 *   include it) and the offline presentation: 409 `credential_revoked` / `credential_suspended`
 *   with UNSHAREABLE_DETAILS ('This credential was revoked by its issuer, so it cannot be
 *   shared.').
 * - A share link or the bare link /verify/{id} of it, opened meanwhile: the same codes (409, one
 *   status per code) with LINK_DETAILS; the link answers again if the issuer reinstates a
 *   suspended credential.
 * 'unknown' and 'valid' are not refused here: a verifier checks the list itself and says
 * "status unknown" when it cannot read it.
 */
import { AppError } from '../lib/errors';

/** The holder-facing details of a refused share or presentation. */
export const UNSHAREABLE_DETAILS = {
  revoked: 'This credential was revoked by its issuer, so it cannot be shared.',
  suspended: 'This credential was suspended by its issuer, so it cannot be shared.',
} as const;

/** The details of a link of such a credential. */
export const LINK_DETAILS = {
  revoked: 'The issuer of this credential revoked it, so this link no longer shows it.',
  suspended: 'The issuer of this credential suspended it, so this link does not show it now.',
} as const;

/**
 * @param statusValue the row's status_value.
 * @param use 'share' (making a share, presenting) or 'link' (opening a link): which detail.
 * @throws AppError 'credential_revoked' or 'credential_suspended' for such a status.
 */
export function refuseUnshareableCredential(statusValue: string, use: 'share' | 'link'): void {
  if (statusValue !== 'revoked' && statusValue !== 'suspended') return;
  const code = statusValue === 'revoked' ? 'credential_revoked' : 'credential_suspended';
  throw new AppError(
    code,
    use === 'share' ? UNSHAREABLE_DETAILS[statusValue] : LINK_DETAILS[statusValue],
  );
}
