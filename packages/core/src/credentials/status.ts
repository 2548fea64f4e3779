/**
 * Credential display status of SPEC 4: permanent (Basic Identity), expired (expiration date in
 * the past), expiring (less than 30 days left, SPEC 9), valid otherwise.
 */

/** SPEC 9: a credential with fewer days than this left is 'expiring'. */
export const EXPIRING_THRESHOLD_DAYS = 30;

export type CredentialDisplayStatus = 'permanent' | 'expired' | 'expiring' | 'valid';

/**
 * @param credential `expiration_date` is ISO 8601, or '' / null / undefined for Never.
 * @param now the instant to judge at (epoch ms or Date), the clock by default.
 */
export function credentialDisplayStatus(
  credential: { expiration_date?: string | null; permanent?: boolean | null },
  now: number | Date = Date.now(),
): CredentialDisplayStatus {
  if (credential.permanent) return 'permanent';
  if (!credential.expiration_date) return 'valid';
  const expiry = Date.parse(credential.expiration_date);
  if (Number.isNaN(expiry)) return 'valid';
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (expiry <= nowMs) return 'expired';
  if (expiry - nowMs < EXPIRING_THRESHOLD_DAYS * 86_400_000) return 'expiring';
  return 'valid';
}
