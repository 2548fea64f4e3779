/**
 * The holder's data export (SPEC 2 Settings "Data and storage": Export downloads all of
 * the holder's data as JSON): GET /user/{userId}/export answers it; the web app saves it as a
 * file, or builds the same shape from browser storage when the API cannot be reached (SPEC 7:
 * export of data is local).
 */
import { z } from 'zod';
import { receivedFormatSchema } from './credential-offers';
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
/**
 * The version an export is written in: 2 adds `received_credentials`. Version 1 files (and
 * backups made from them) are still read: their `received_credentials` is empty.
 */
export const HOLDER_EXPORT_VERSION = 2;
/** Every export version this code reads. */
export const HOLDER_EXPORT_VERSIONS = [1, 2] as const;

/** The largest received credential an export carries, in bytes of its issued form (64 KiB). */
export const MAX_EXPORTED_CREDENTIAL_BYTES = 64 * 1024;

/**
 * One credential the holder received from an issuer over OpenID4VCI, as an export and a backup
 * carry it (docs/oid4vci.md "Backups and export"): the credential exactly as issued (`credential`:
 * the compact SD-JWT, byte for byte, or the ldp_vc document; null while `state` is 'pending'),
 * its format, Credential Issuer Identifier, `vct`, the display data fixed when it was received
 * and its dates (ISO 8601). Nothing that lets anyone talk to the issuer (its access token,
 * transaction id, notification id) is carried: those are bearer secrets, so a pending credential
 * cannot be refreshed from a backup and is not restored.
 */
export const exportedReceivedCredentialSchema = z.object({
  id: z.string().min(1).max(200),
  format: receivedFormatSchema,
  credential_issuer: z.string().min(1).max(2048),
  vct: z.string().max(2048).nullable(),
  display: z.object({
    issuer_name: z.string().max(300),
    name: z.string().max(300),
    claim_labels: z.record(z.string().max(500), z.string().max(500)),
  }),
  state: z.enum(['issued', 'pending']),
  credential: z
    .union([
      z.string().min(1).max(MAX_EXPORTED_CREDENTIAL_BYTES),
      z.record(z.string(), z.unknown()),
    ])
    .nullable(),
  issued_at: z.string().max(40),
  expires_at: z.string().max(40).nullable(),
  received_at: z.string().max(40),
});
export type ExportedReceivedCredential = z.infer<typeof exportedReceivedCredentialSchema>;

/**
 * An export: the profile (identity numbers masked, as the profile shows them), the settings, the
 * credentials (screen records, which hold the subject's fields in full: it is the holder's own
 * copy), the signed W3C documents behind them, the credentials received from issuers as issued
 * (version 2), the consent requests and the activity log (with
 * its hash chain and the chain's verdict, from the server).
 * `source` says whether the server ('api') or this browser's copy ('localStorage') answered;
 * the local copy has no signed documents and may lack the profile.
 */
export const holderExportSchema = z.object({
  format: z.literal(HOLDER_EXPORT_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  exported_at: z.string(),
  source: z.enum(['api', 'localStorage']),
  user_id: z.string(),
  profile: profileSchema.nullable(),
  settings: userSettingsSchema,
  credentials: z.array(credentialRecordSchema),
  verifiable_credentials: z.array(z.record(z.string(), z.unknown())),
  /**
   * Version 2: the credentials received from issuers (OpenID4VCI), each as issued; [] when
   * reading a version 1 file. The local copy ('localStorage') has none.
   */
  received_credentials: z.array(exportedReceivedCredentialSchema).default([]),
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
