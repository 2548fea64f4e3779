/**
 * GET /user/{userId}/export (SPEC 2 Settings "Data and storage"): everything the server
 * holds about the holder, as one JSON document (core's holderExportSchema): profile (identity
 * numbers masked, as the profile shows them), settings, credentials (screen records) with the
 * signed W3C documents behind them, the credentials received from issuers exactly as issued
 * (lib/received-backup.ts: no issuer secrets), consent requests and the whole activity log with
 * its hash chain, and whether that chain is intact (verify-activity-chain.ts).
 *
 * Input: { ...deps, userId }. Output: HolderExport with source 'api'.
 * Errors: AppError 'user_not_found' (404); a stored document that no longer decrypts throws (500).
 */
import {
  HOLDER_EXPORT_FORMAT,
  HOLDER_EXPORT_VERSION,
  type HolderExport,
  verifiableCredentialSchema,
} from '@pehchaan/core';
import { readActivityLogs } from '../lib/activity-log';
import type { ServiceDeps } from '../lib/deps';
import { selectOrderedCredentials } from '../lib/holder-reads';
import { getHolderSettings } from '../lib/holder-settings';
import { exportReceivedCredentials } from '../lib/received-backup';
import { readCredentialDocument, toCredentialRecordFromDocument } from '../lib/records';
import { verifyActivityChain } from '../lib/verify-activity-chain';
import { getProfile } from './get-profile';

/** The whole log, not the screen's 500 newest. */
const EXPORT_ACTIVITY_LIMIT = 100_000;

export interface ExportHolderDataOptions extends ServiceDeps {
  userId: string;
}

export async function exportHolderData(options: ExportHolderDataOptions): Promise<HolderExport> {
  const { db, vault, userId } = options;
  const profile = await getProfile({ db, vault, now: options.now, userId });
  // The consent clock runs once (the ledger's list) before the log is read.
  const consentRequests = await options.roles.consent.listRequests({ userId });
  const [{ settings }, rows, received, activityLogs, activityChain] = await Promise.all([
    getHolderSettings({ db, notifier: options.notifier, userId }),
    selectOrderedCredentials(db, userId),
    exportReceivedCredentials(db, vault, userId),
    readActivityLogs(db, { userId, limit: EXPORT_ACTIVITY_LIMIT }),
    verifyActivityChain({ db, userId }),
  ]);
  const documents = rows.map(
    (row) => readCredentialDocument(row, vault) as Record<string, unknown>,
  );
  return {
    format: HOLDER_EXPORT_FORMAT,
    version: HOLDER_EXPORT_VERSION,
    exported_at: options.now().toISOString(),
    source: 'api',
    user_id: userId,
    profile,
    settings,
    credentials: rows.map((row, i) =>
      toCredentialRecordFromDocument(row, verifiableCredentialSchema.parse(documents[i])),
    ),
    verifiable_credentials: documents,
    received_credentials: received,
    consent_requests: consentRequests,
    activity_logs: activityLogs,
    activity_chain: activityChain,
  };
}
