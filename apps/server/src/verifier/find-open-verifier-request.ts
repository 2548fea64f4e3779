/**
 * The verifier request a wallet addresses by id (request_uri, response_uri), with its verifier,
 * if it can still be answered. Shared by the request-object and response services.
 */
import { eq, sql } from 'drizzle-orm';
import {
  type VerifierRequestRow,
  type VerifierRow,
  verifierRequests,
  verifiers,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { prepared } from '../lib/prepared';

export const REQUEST_NOT_FOUND_DETAIL = 'No such verifier request.';
export const REQUEST_EXPIRED_DETAIL = 'This verifier request has expired.';
export const REQUEST_ANSWERED_DETAIL =
  'This request has already been answered by a holder. Ask the organisation for a new one.';

/**
 * A request is answered by one holder: once a presentation was accepted (status shared, and
 * later withdrawn or consent_expired) no wallet may fetch it or answer it again.
 * @throws {AppError} 'verifier_request_not_found' (404) for an unknown id;
 *   'request_already_answered' (409) once answered;
 *   'verifier_request_expired' (400) past its expires_at.
 */
export async function findOpenVerifierRequest(
  options: Pick<ServiceDeps, 'db' | 'now'> & { requestId: string },
): Promise<{ request: VerifierRequestRow; verifier: VerifierRow }> {
  const [row] = await prepared(options.db, 'find_open_verifier_request', (handle) =>
    handle
      .select()
      .from(verifierRequests)
      .innerJoin(verifiers, eq(verifiers.id, verifierRequests.verifierId))
      .where(eq(verifierRequests.id, sql.placeholder('id')))
      .prepare('find_open_verifier_request'),
  ).execute({ id: options.requestId });
  if (!row) throw new AppError('verifier_request_not_found', REQUEST_NOT_FOUND_DETAIL);
  const request = row.verifier_requests;
  if (request.status !== 'pending') {
    throw new AppError('request_already_answered', REQUEST_ANSWERED_DETAIL);
  }
  if (options.now().getTime() >= request.expiresAt.getTime()) {
    throw new AppError('verifier_request_expired', REQUEST_EXPIRED_DETAIL);
  }
  return { request, verifier: row.verifiers };
}
