/**
 * The activity entries the holder's app asks for (DECISIONS 6). The server records every other
 * event itself (a share link made, viewed or withdrawn, a deletion, a sign-in...); what only the
 * device sees goes here:
 * - `logTestEntry`: SPEC 2's Add Test Log, POST /user/{userId}/activity-logs (the one type a
 *   holder may post, `test_manual`);
 * - `logCredentialActivity`: a credential copied or downloaded on the device, POST
 *   /user/{userId}/credentials/{credentialId}/activity; the server words the entry from its own
 *   record of the credential;
 * - `logLocalActivity`: an entry kept in this browser only, for local-only mode
 *   (VITE_USE_API=false), where no server records anything (a bare link shared).
 * When a call fails (API unreachable, disabled, or refused) the entry is kept in browser storage
 * under `activityLogs` instead, so the Activity Logs screen still shows it. When the API was
 * unreachable the call is also queued in the outbox, which sends it once the API answers
 * (sync-credentials.ts); an entry the server refused is not queued.
 */
import {
  type ActivityLog,
  type ActivityMessage,
  type ActivityType,
  activityLogSchema,
  type CredentialRecord,
  describeActivity,
  findDocumentTypeByName,
  type HolderCredentialActivityType,
} from '@pehchaan/core';
import { z } from 'zod';
import { appendLocalActivity } from '@/lib/activity-store';
import { api, isApiUnavailable } from '@/lib/api-client';
import { enqueueOutbox } from '@/lib/sync/outbox';

/** Where an entry went: the server, this browser only, or nowhere. */
export type LoggedWhere = 'api' | 'localStorage' | 'none';

/** POST path of a test entry (DECISIONS 6). */
export function activityLogsPath(userId: string): string {
  return `/user/${encodeURIComponent(userId)}/activity-logs`;
}

/** POST path of a copy or download of one credential. */
export function credentialActivityPath(userId: string, credentialId: string): string {
  return `/user/${encodeURIComponent(userId)}/credentials/${encodeURIComponent(credentialId)}/activity`;
}

/** What a queued entry keeps to settle its local record (lib/sync/outbox `local`). */
export const activityOutboxLocalSchema = z.object({
  logId: z.string(),
  /** The entry's text, for the notice when the server refuses it. */
  description: z.string().optional(),
});

export const activityAnswerSchema = z.union([
  activityLogSchema,
  z.object({ activity_log: activityLogSchema }).transform((a) => a.activity_log),
]);

/** The local record of an entry (`pending_sync` while the outbox still has to send it). */
function localEntry(
  userId: string,
  type: ActivityType,
  message: ActivityMessage,
  pendingSync: boolean,
): ActivityLog {
  return {
    id: `log-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    userId,
    type,
    description: describeActivity(message),
    message_code: message.code,
    message_params: message.params ?? {},
    timestamp: new Date().toISOString(),
    last_viewed: null,
    // Kept through the next API load until the server has it (features/activity merges). An
    // entry the server refused will never get there: it stays only as this device's copy.
    pending_sync: pendingSync,
  };
}

/** Posts `body` to `path`; on failure keeps `type`/`message` locally (and queues it offline). */
async function postOrKeep(options: {
  userId: string;
  path: string;
  body: object;
  type: ActivityType;
  message: ActivityMessage;
}): Promise<LoggedWhere> {
  const { userId, path, body, type, message } = options;
  try {
    await api.post(path, body, { schema: activityAnswerSchema });
    return 'api';
  } catch (error) {
    const unreachable = isApiUnavailable(error);
    const entry = localEntry(userId, type, message, unreachable);
    if (!appendLocalActivity(entry)) return 'none';
    if (unreachable) {
      enqueueOutbox({
        userId,
        kind: 'activity_log',
        method: 'POST',
        path,
        body,
        local: { logId: entry.id, description: entry.description },
      });
    }
    return 'localStorage';
  }
}

/** SPEC 2 Add Test Log: a `test_manual` entry in the holder's own words. Never rejects. */
export function logTestEntry(options: { userId: string }): Promise<LoggedWhere> {
  const message: ActivityMessage = { code: 'test_manual' };
  return postOrKeep({
    userId: options.userId,
    path: activityLogsPath(options.userId),
    body: {
      type: 'test_manual',
      description: describeActivity(message),
      message_code: message.code,
    },
    type: 'test_manual',
    message,
  });
}

/** The message of `type` for `credential` (the document by its catalogue key). */
function credentialMessage(
  type: HolderCredentialActivityType | 'credential_shared',
  credential: CredentialRecord,
): ActivityMessage {
  const name = credential.credential_subject.document_type;
  return { code: type, params: { document_type: findDocumentTypeByName(name)?.key ?? name } };
}

/** A copy or download of `credential` made on this device ('Copied PAN Card as JSON'). */
export function logCredentialActivity(options: {
  userId: string;
  credential: CredentialRecord;
  type: HolderCredentialActivityType;
}): Promise<LoggedWhere> {
  const { userId, credential, type } = options;
  return postOrKeep({
    userId,
    path: credentialActivityPath(userId, credential.id),
    body: { type },
    type,
    message: credentialMessage(type, credential),
  });
}

/**
 * Local-only mode (VITE_USE_API=false): `credential` shared as its bare link ('Shared PAN
 * Card'), kept in this browser only: there is no server to record it.
 */
export function logLocalShare(options: {
  userId: string;
  credential: CredentialRecord;
}): LoggedWhere {
  const message = credentialMessage('credential_shared', options.credential);
  const entry = localEntry(options.userId, 'credential_shared', message, false);
  return appendLocalActivity(entry) ? 'localStorage' : 'none';
}
