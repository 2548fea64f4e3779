/**
 * The holder's data export (SPEC 2 Settings "Data and storage": Export downloads all of
 * the holder's data as JSON): GET /user/{userId}/export answers it; the web app saves it as a
 * file, or builds the same shape from browser storage when the API cannot be reached (SPEC 7:
 * export of data is local).
 */
import { z } from 'zod';
import { profileSchema } from './profile';
import {
  activityChainVerdictSchema,
  activityLogSchema,
  consentRequestSchema,
  credentialRecordSchema,
} from './records';
import { userSettingsSchema } from './settings';

/** The `format` marker of an export file. */
export const HOLDER_EXPORT_FORMAT = 'pehchaan-holder-export';
export const HOLDER_EXPORT_VERSION = 1;

/**
 * An export: the profile (identity numbers masked, as the profile shows them), the settings, the
 * credentials (screen records, which hold the subject's fields in full: it is the holder's own
 * copy), the signed W3C documents behind them, the consent requests and the activity log (with
 * its hash chain and the chain's verdict, from the server).
 * `source` says whether the server ('api') or this browser's copy ('localStorage') answered;
 * the local copy has no signed documents and may lack the profile.
 */
export const holderExportSchema = z.object({
  format: z.literal(HOLDER_EXPORT_FORMAT),
  version: z.literal(HOLDER_EXPORT_VERSION),
  exported_at: z.string(),
  source: z.enum(['api', 'localStorage']),
  user_id: z.string(),
  profile: profileSchema.nullable(),
  settings: userSettingsSchema,
  credentials: z.array(credentialRecordSchema),
  verifiable_credentials: z.array(z.record(z.string(), z.unknown())),
  consent_requests: z.array(consentRequestSchema),
  activity_logs: z.array(activityLogSchema),
  /**
   * Whether the activity log's hash chain is intact (issue 17; GET .../activity-logs/verify):
   * the server's export only; each entry carries `seq`, `prev_hash` and `hash` to check it again.
   */
  activity_chain: activityChainVerdictSchema.optional(),
});
export type HolderExport = z.infer<typeof holderExportSchema>;

/** The file name of an export: 'pehchaan-export-user-001-2025-06-01.json'. */
export function holderExportFileName(userId: string, now: Date): string {
  return `pehchaan-export-${userId}-${now.toISOString().slice(0, 10)}.json`;
}
