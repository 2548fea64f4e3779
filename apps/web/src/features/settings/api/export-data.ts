/**
 * Export (SPEC 2 Settings "Data and storage", SPEC 8 'Failed to export data'): all of
 * the holder's data as one JSON file — GET /user/{userId}/export, or, when the API cannot be
 * reached, the same document built from this browser's copies (SPEC 7: export of data is local).
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  HOLDER_EXPORT_FORMAT,
  HOLDER_EXPORT_VERSION,
  type HolderExport,
  holderExportSchema,
  type Profile,
  type UserSettings,
} from '@pehchaan/core';
import { api, isApiUnavailable } from '@/lib/api-client';

/** The browser's copies of the holder's data, wired by the route module from their features. */
export interface LocalHolderReaders {
  profile: (userId: string) => Profile | null;
  credentials: (userId: string) => CredentialRecord[];
  consentRequests: (userId: string) => ConsentRequest[];
  activityLogs: (userId: string) => ActivityLog[];
}

/**
 * The export built from browser storage (no signed documents and no received credentials as
 * issued: only the server keeps those).
 */
export function buildLocalExport(
  userId: string,
  readers: LocalHolderReaders,
  settings: UserSettings,
  now: Date,
): HolderExport {
  return holderExportSchema.parse({
    format: HOLDER_EXPORT_FORMAT,
    version: HOLDER_EXPORT_VERSION,
    exported_at: now.toISOString(),
    source: 'localStorage',
    user_id: userId,
    profile: readers.profile(userId),
    settings,
    credentials: readers.credentials(userId),
    verifiable_credentials: [],
    received_credentials: [],
    consent_requests: readers.consentRequests(userId),
    activity_logs: readers.activityLogs(userId),
  });
}

/**
 * @param settings the settings the screen shows (used by the local export).
 * @throws {ApiError} when the server answered with an error or a bad answer (not when it could
 *   not be reached); whatever building the local export throws.
 */
export async function exportHolderData(options: {
  userId: string;
  readers: LocalHolderReaders;
  settings: UserSettings;
  now?: Date;
}): Promise<HolderExport> {
  const { userId } = options;
  try {
    return await api.get(`/user/${encodeURIComponent(userId)}/export`, {
      schema: holderExportSchema,
    });
  } catch (error) {
    if (!isApiUnavailable(error)) throw error;
    return buildLocalExport(userId, options.readers, options.settings, options.now ?? new Date());
  }
}
