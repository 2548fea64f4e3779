/**
 * A validated authorization request as the consent ledger stores it (table
 * presentation_requests, column `request`: JSON, `expiresAt` an ISO string) and read back: the
 * wallet answers from exactly what it checked when the request arrived (OpenID4VP 1.0 section 5).
 */
import type { AuthorizationRequest } from './resolve-request';

/** The request as stored in presentation_requests.request (JSON: expiresAt as ISO). */
export function storedRequestOf(request: AuthorizationRequest): Record<string, unknown> {
  return JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
}

/** The AuthorizationRequest of a stored row (the inverse of storedRequestOf). */
export function authorizationRequestOf(row: {
  request: Record<string, unknown>;
}): AuthorizationRequest {
  const stored = row.request as unknown as AuthorizationRequest & { expiresAt?: string };
  return {
    ...stored,
    ...(stored.expiresAt ? { expiresAt: new Date(stored.expiresAt) } : {}),
  } as AuthorizationRequest;
}
