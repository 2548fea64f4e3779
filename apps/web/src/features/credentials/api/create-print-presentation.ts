/**
 * POST /user/{userId}/credentials/{id}/offline-presentation with `medium: 'print'`
 * (docs/offline-verification.md): the offline QR code of a printed copy, an SD-JWT VC
 * presentation of `fields` whose KB-JWT has `aud` 'offline-print' (no time limit). Identity
 * numbers among `fields` must be named in `fullValues` too (a signed value cannot be masked).
 * Needs the API: the presentation is signed by the holder's key, which only the server holds.
 *
 * @returns `{ qr, qr_version, nonce, presented_at, expires_at (null for print), fields }`.
 * @throws {ApiError} unreachable or disabled (`isApiUnavailable`), 404 credential_not_found,
 *   400 invalid_input (e.g. an identity number not in fullValues), or any other failure.
 */
import {
  type OfflinePresentationAnswer,
  type OfflinePresentationBody,
  offlinePresentationAnswerSchema,
} from '@pehchaan/core';
import { api } from '@/lib/api-client';

export type PrintPresentation = OfflinePresentationAnswer;

export function createPrintPresentation(options: {
  userId: string;
  credentialId: string;
  fields: readonly string[];
  fullValues: readonly string[];
}): Promise<PrintPresentation> {
  const { userId, credentialId, fields, fullValues } = options;
  const body: OfflinePresentationBody = {
    fields: [...fields],
    ...(fullValues.length > 0 ? { full_values: [...fullValues] } : {}),
    medium: 'print',
  };
  return api.post(
    `/user/${encodeURIComponent(userId)}/credentials/${encodeURIComponent(credentialId)}/offline-presentation`,
    body,
    { schema: offlinePresentationAnswerSchema },
  );
}
