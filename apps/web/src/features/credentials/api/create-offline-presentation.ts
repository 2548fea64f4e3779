/**
 * POST /user/{userId}/credentials/{id}/offline-presentation (docs/offline-verification.md): an
 * offline QR code of the chosen fields of one credential, signed with the holder's key on the
 * server. Making it needs the API once; the code then verifies with no network.
 *
 * @returns core's OfflinePresentationAnswer (`qr`: the QR text; `nonce` shown beside it;
 *   `expires_at`: 10 minutes on screen, null for print).
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 403 data_sharing_off, 404
 *   credential_not_found, 400 invalid_request / invalid_input, 422 offline_qr_too_large.
 */
import {
  type OfflinePresentationAnswer,
  type OfflinePresentationBody,
  offlinePresentationAnswerSchema,
} from '@pehchaan/core';
import { api } from '@/lib/api-client';

export async function createOfflinePresentation(options: {
  userId: string;
  credentialId: string;
  body: OfflinePresentationBody;
}): Promise<OfflinePresentationAnswer> {
  return api.post(
    `/user/${encodeURIComponent(options.userId)}/credentials/${encodeURIComponent(options.credentialId)}/offline-presentation`,
    options.body,
    { schema: offlinePresentationAnswerSchema },
  );
}
