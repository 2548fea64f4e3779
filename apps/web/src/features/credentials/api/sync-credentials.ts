/**
 * Settles the credential feature's offline changes once the outbox sends them
 * (lib/sync/outbox).
 *
 * Credential generated offline (queued by create-local-credential.ts):
 * - 2xx (the first answer or the server's replay of it): the issuer has signed it; the issued
 *   credential (with its real proof) replaces the proof-less local record, in its place.
 * - problem 'duplicate_document' (409 'You already have a ...'): the holder's credentials are
 *   read from the server. When it holds one of that type, that one replaces the local record
 *   and the holder is told. (An earlier attempt with this key still running answers the problem
 *   'idempotency_in_flight': lib/sync/outbox.ts keeps the entry for the next run before this handler
 *   is asked.)
 * - Any other refusal (404 'User not found', 400): the proof-less record cannot be issued and is
 *   removed; the holder is told, with the server's detail.
 *
 * Activity entry (queued by log-activity.ts: a test entry, or a copy or download of a
 * credential): a 2xx puts the server's entry in place of the local one; a refusal drops the local
 * entry and tells the holder, naming the entry.
 */
import {
  type CredentialRecord,
  credentialListSchema,
  findDocumentTypeByName,
} from '@pehchaan/core';
import { dropLocalActivity, replaceLocalActivity } from '@/lib/activity-store';
import { api, hasProblemCode } from '@/lib/api-client';
import type { OutboxHandler } from '@/lib/sync/outbox';
import { generateCredentialResponseSchema } from './generate-credential';
import { credentialOutboxLocalSchema } from './local-credentials';
import { activityAnswerSchema, activityOutboxLocalSchema } from './log-activity';
import { replaceLocalCredential } from './replace-local-credential';

/** The server's credential of catalogue type `documentType`, if the holder has one. */
async function serverCredentialOfType(
  userId: string,
  documentType: string,
): Promise<CredentialRecord | null> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/credentials`, {
    schema: credentialListSchema,
  });
  return (
    answer.credentials.find(
      (c) =>
        (
          findDocumentTypeByName(c.credential_subject.document_type) ??
          c.type.map(findDocumentTypeByName).find((d) => d !== undefined)
        )?.key === documentType,
    ) ?? null
  );
}

export const credentialGenerationOutbox: OutboxHandler = {
  onSynced(entry, answer) {
    const local = credentialOutboxLocalSchema.parse(entry.local);
    const parsed = generateCredentialResponseSchema.parse(answer);
    // Without the record in the answer the local copy goes; the list reload brings the issued one.
    replaceLocalCredential(entry.userId, local.credentialId, parsed.credential ?? null);
  },

  async onRefused(entry, error) {
    const local = credentialOutboxLocalSchema.parse(entry.local);
    const params = { documentType: local.documentName || local.documentType };
    if (hasProblemCode(error, 'duplicate_document')) {
      const held = await serverCredentialOfType(entry.userId, local.documentType);
      if (held) {
        replaceLocalCredential(entry.userId, local.credentialId, held);
        return { action: 'conflict', code: 'credentialHeld', params };
      }
    }
    replaceLocalCredential(entry.userId, local.credentialId, null);
    return { action: 'conflict', code: 'credentialRefused', params };
  },
};

export const activityLogOutbox: OutboxHandler = {
  onSynced(entry, answer) {
    const local = activityOutboxLocalSchema.parse(entry.local);
    replaceLocalActivity(local.logId, activityAnswerSchema.parse(answer));
  },

  async onRefused(entry) {
    const local = activityOutboxLocalSchema.parse(entry.local);
    dropLocalActivity([local.logId]);
    const body = entry.body as { description?: unknown } | undefined;
    const description =
      local.description ?? (typeof body?.description === 'string' ? body.description : '');
    return { action: 'conflict', code: 'activityRefused', params: { description } };
  },
};
