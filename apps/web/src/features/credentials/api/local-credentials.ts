/**
 * The holder's credentials as this browser keeps them (the `credentials` storage key, the offline
 * cache of DECISIONS 5): which records await the issuer or exist only here, the writer of the
 * holder's list, and what a queued offline generation keeps in the outbox.
 */
import type { CredentialRecord } from '@pehchaan/core';
import { z } from 'zod';
import { replaceUserRecords, STORAGE_KEYS, stampUserRecordsSeen } from '@/lib/storage';
import { LOCAL_CREDENTIAL_PREFIX, maskedForStore, readLocalCredentials } from './get-credentials';

/** True for a credential the issuer has not signed yet (SPEC 2 'Awaiting issuer'). */
export function isAwaitingIssuer(credential: Pick<CredentialRecord, 'id' | 'proof'>): boolean {
  return credential.proof === null || credential.proof.proofValue === '';
}

/** True for a credential that exists only in this browser's storage. */
export function isLocalOnly(credential: Pick<CredentialRecord, 'id'>): boolean {
  return credential.id.startsWith(LOCAL_CREDENTIAL_PREFIX);
}

/**
 * Stores the holder's credentials in display order (other holders' records stay), identity
 * numbers masked (DECISIONS 9.6).
 */
export function writeLocalCredentials(userId: string, credentials: readonly CredentialRecord[]) {
  return replaceUserRecords(STORAGE_KEYS.credentials, userId, maskedForStore(credentials));
}

/**
 * Stamps the holder's stored credentials as viewed at `at` (ISO 8601; SPEC 4 seen-state: a visit
 * to /credentials or the bell's Clear All), so the bell reads the same when it falls back to them.
 * @returns false when the browser refused to store.
 */
export function stampCredentialsSeen(userId: string, at: string): boolean {
  return stampUserRecordsSeen(STORAGE_KEYS.credentials, userId, at);
}

/** The holder's local-only credentials (made offline, awaiting the issuer). */
export function readLocalOnlyCredentials(userId: string): CredentialRecord[] {
  return readLocalCredentials(userId).filter(isLocalOnly);
}

/** What a queued generation keeps to settle its local record (lib/sync/outbox `local`). */
export const credentialOutboxLocalSchema = z.object({
  /** The id of the proof-less local record the issued credential replaces. */
  credentialId: z.string(),
  /** Catalogue key, e.g. 'pan'. */
  documentType: z.string(),
  /** Its name, e.g. 'PAN Card' (for the holder's notices). */
  documentName: z.string().default(''),
});
export type CredentialOutboxLocal = z.infer<typeof credentialOutboxLocalSchema>;
