/** Settles a local-only credential once the issuer answers (sync-credentials.ts). */
import type { CredentialRecord } from '@pehchaan/core';
import { readLocalCredentials } from './get-credentials';
import { writeLocalCredentials } from './local-credentials';

/**
 * Puts `issued` (the server's record) where the local record `localId` was, keeping the display
 * order; drops the local record when `issued` is null. A copy of `issued` already stored under
 * its own id is not repeated.
 */
export function replaceLocalCredential(
  userId: string,
  localId: string,
  issued: CredentialRecord | null,
): boolean {
  const list = readLocalCredentials(userId);
  const replaced = list.flatMap((c) => (c.id === localId ? (issued ? [issued] : []) : [c]));
  if (issued && !replaced.some((c) => c.id === issued.id)) replaced.push(issued);
  // One copy of the issued credential, where the local record was.
  const seen = new Set<string>();
  const next = replaced.filter((c) => !seen.has(c.id) && seen.add(c.id));
  return writeLocalCredentials(userId, next);
}
