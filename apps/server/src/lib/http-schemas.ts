/**
 * Schemas shared by the routes: the RFC 9457 problem answer of every error (core's
 * problemSchema, docs/api-contract.md "Errors") and the standard error responses each route
 * documents in the OpenAPI document.
 */
import { problemSchema as coreProblemSchema, PROBLEM_CONTENT_TYPE } from '@pehchaan/core';
import { z } from 'zod';

/** The problem schema, registered as the OpenAPI component `Problem`. */
export const problemSchema = coreProblemSchema.meta({
  id: 'Problem',
  description:
    'RFC 9457 problem details (application/problem+json): `code` is stable, `detail` is the ' +
    'text the holder may be shown. See docs/api-contract.md "Errors".',
});

/** One documented error response: application/problem+json with the Problem schema. */
export const problemResponse = {
  description: 'Problem details (RFC 9457)',
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
} as const;

export type ProblemResponse = typeof problemResponse;

/** The error statuses of a route, each answering a problem (application/problem+json). */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], ProblemResponse> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse])) as Record<
    S[number],
    ProblemResponse
  >;
}

/** Routes that need `Authorization: Bearer <session_token>`. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The unlock routes: the bearer token of a session locked by idling (Biometric unlock). */
export const lockedSessionSecurity = [{ lockedSession: [] }];

/**
 * A holder id such as 'user-001', as the parameter or query field `field` (named in the
 * messages, so a 400 says which input was wrong).
 */
export function userIdSchema(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(64, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} may only hold letters, digits, - and _`);
}
