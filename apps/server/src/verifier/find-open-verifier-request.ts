/**
 * The verifier request a wallet addresses by id (request_uri, response_uri), with its verifier,
 * if it can still be answered. Shared by the request-object and response services.
 */
import { eq } from 'drizzle-orm';
import {
  type VerifierRequestRow,
  type VerifierRow,
  verifierRequests,
  verifiers,
} from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import { AppError } from '../lib/errors';

export const REQUEST_NOT_FOUND_DETAIL = 'No such verifier request.';
export const REQUEST_EXPIRED_DETAIL = 'This verifier request has expired.';
export const REQUEST_ANSWERED_DETAIL = 'This verifier request has already been answered.';

/**
 * @throws {AppError} 'verifier_request_not_found' (404) for an unknown id;
 *   'verifier_request_answered' (400) once shared, declined or failed;
 *   'verifier_request_expired' (400) past its expires_at.
 */
export async function findOpenVerifierRequest(
  options: Pick<ServiceDeps, 'db' | 'now'> & { requestId: string },
): Promise<{ request: VerifierRequestRow; verifier: VerifierRow }> {
  const [row] = await options.db
    .select()
    .from(verifierRequests)
    .innerJoin(verifiers, eq(verifiers.id, verifierRequests.verifierId))
    .where(eq(verifierRequests.id, options.requestId));
  if (!row) throw new AppError('verifier_request_not_found', REQUEST_NOT_FOUND_DETAIL);
  const request = row.verifier_requests;
  if (request.status !== 'pending') {
    throw new AppError('verifier_request_answered', REQUEST_ANSWERED_DETAIL);
  }
  if (options.now().getTime() >= request.expiresAt.getTime()) {
    throw new AppError('verifier_request_expired', REQUEST_EXPIRED_DETAIL);
  }
  return { request, verifier: row.verifiers };
}
