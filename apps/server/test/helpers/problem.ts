/**
 * Expectations for error answers: every one is an RFC 9457 problem (application/problem+json)
 * with type `/problems/<code>`, the code's title and status, the detail and the code
 * (src/lib/errors.ts, docs/api-contract.md "Errors").
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from '../../src/lib/errors';

export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

/** The W3C VC API verify refusals: their problems carry `verified: false` and the verdict. */
const VERDICT_CODES: readonly ErrorCode[] = [
  'invalid_credential',
  'credential_not_verified',
  'invalid_presentation',
  'presentation_not_verified',
];

/**
 * The body a problem of `code` has: `detail` may be an asymmetric matcher; an 'invalid_request'
 * carries `errors` (any list unless given); a VC API verify refusal `verified: false` and its
 * verdict as `verification` (any object); the VC API issuer's refusal its `reasons` (any list);
 * a `second_factor_required` its `login_token`, `factors` and `expires_at`.
 */
export function problem(
  code: ErrorCode,
  detail: unknown = expect.any(String),
  errors?: unknown,
): Record<string, unknown> {
  return {
    type: `/problems/${code}`,
    title: ERROR_TITLES[code],
    status: ERROR_STATUS[code],
    detail,
    code,
    ...(code === 'invalid_request' ? { errors: errors ?? expect.any(Array) } : {}),
    ...(VERDICT_CODES.includes(code) ? { verified: false, verification: expect.any(Object) } : {}),
    ...(code === 'second_factor_required'
      ? {
          login_token: expect.any(String),
          factors: expect.any(Array),
          expires_at: expect.any(String),
        }
      : {}),
    ...(code === 'credential_not_issuable' ? { reasons: expect.any(Array) } : {}),
  };
}

/** Asserts `response` is the problem `code` (status, content type and body), with `detail`. */
export function expectProblem(
  response: LightMyRequestResponse,
  code: ErrorCode,
  detail?: unknown,
  errors?: unknown,
): void {
  expect(response.statusCode, response.body).toBe(ERROR_STATUS[code]);
  expect(response.headers['content-type']).toBe(PROBLEM_JSON);
  // duplicate_document may name the type held (`document_type`): the suites that care assert it.
  const { document_type: _held, ...body } = response.json();
  expect(code === 'duplicate_document' ? body : response.json()).toEqual(
    problem(code, detail, errors),
  );
}

/**
 * True when `response` is the problem `code` with `status` and `detail`, as
 * application/problem+json (for suites that collect failures instead of failing at once).
 */
export function isProblem(
  response: LightMyRequestResponse,
  status: number,
  code: ErrorCode,
  detail: string,
): boolean {
  if (response.statusCode !== status || response.headers['content-type'] !== PROBLEM_JSON) {
    return false;
  }
  const body = response.json() as Record<string, unknown>;
  return (
    body.code === code &&
    body.detail === detail &&
    body.status === status &&
    body.type === `/problems/${code}` &&
    body.title === ERROR_TITLES[code]
  );
}

/**
 * Asserts `response` is the VC API verify refusal `code` (a problem with `verified: false` and
 * the verdict as `verification`) whose verdict gives `reason` (a string or matcher) among its
 * errors.
 */
export function expectRefusal(
  response: LightMyRequestResponse,
  code: ErrorCode,
  reason: unknown,
): void {
  expectProblem(response, code);
  expect(response.json().verification.errors).toContainEqual(reason);
}
