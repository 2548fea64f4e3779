/**
 * What every answer to a fuzzed request must look like (docs/security.md; OWASP ASVS 5.0 V16.5
 * "error handling": generic messages, no stack traces or internals), checked by `answerProblems`:
 *
 * - a status below 500, one the API uses (2xx documented for the operation, or a known 4xx);
 *   success bodies are serialized through the routes' zod response schemas, so a body off its
 *   documented shape would be a 500 and fail here;
 * - a JSON body (`application/json`, errors `application/problem+json`), with the security
 *   headers of every answer (`no-store` but on a public document's success:
 *   test/helpers/cache-policy.ts); a success the document lists only with other media types (the
 *   SD-JWT VC as `application/dc+sd-jwt`, the OpenID4VP request object as
 *   `application/oauth-authz-req+jwt`) has one of those types and a body of its syntax
 *   (`TEXT_SYNTAX`);
 * - errors RFC 9457 problems (unless the operation documents another shape for the status, such
 *   as the OpenID4VCI endpoints' OAuth error JSON; a request refused before its route, e.g. a
 *   malformed URL, is a problem there too):
 *   exactly type, title, status, detail, code (and `errors` for 'invalid_request', `reasons`
 *   for 'credential_not_issuable'; `verified`
 *   and `verification` for the VC API verify refusals), `code` one the server knows, `type` its
 *   URI, `status` the answer's;
 *   `detail` a string of at most MAX_DETAIL_LENGTH characters that names no internal (stack
 *   frames, file paths, error classes, framework or database wording, JSON parser text) and
 *   carries no 12-digit number (an Aadhaar number never appears in an error).
 */
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from '../../src/lib/errors';
import { expectedCacheControl } from '../helpers/cache-policy';
import type { Operation } from './operations';

const PROBLEM_KEYS = ['code', 'detail', 'status', 'title', 'type'];

/** The W3C VC API verify refusals, whose problems also carry `verified` and `verification`. */
const VERDICT_CODES: readonly string[] = [
  'invalid_credential',
  'credential_not_verified',
  'invalid_presentation',
  'presentation_not_verified',
];

/** 4xx statuses the API answers with a problem on any route (410: a share link expired, withdrawn or used up). */
const KNOWN_CLIENT_ERRORS = new Set([400, 401, 403, 404, 409, 410, 413, 414, 415, 422, 429]);

/** Longer details would mean input echoed back; the longest real message is under 200. */
export const MAX_DETAIL_LENGTH = 300;

const STACK_FRAME = /\bat .*:\d+:\d+|node_modules|\/work\//;

/** Wording that only internals produce. */
export const INTERNAL_WORDING: RegExp[] = [
  STACK_FRAME,
  /\/src\/|\.ts\b|\.js\b/,
  /\b(Type|Reference|Syntax|Range|URI|Eval)Error\b/,
  /Maximum call stack/i,
  /Unexpected (token|end of JSON|non-whitespace)/i,
  /JSON\.parse|in JSON at position/i,
  /\bFST_|\bERR_[A-Z_]+/,
  /Cannot (read|set) propert/i,
  /is not a function|is not defined|undefined|\[object Object\]/,
  /\b(relation|column|constraint|violates|duplicate key|syntax error at|sqlstate)\b/i,
  /PGlite|postgres|drizzle|pg_|fastify|zod|ajv|pino/i,
  /ECONN|EADDR|ENOENT|EACCES/,
];

const BASE64URL = '[A-Za-z0-9_-]+';
const COMPACT_JWS = `${BASE64URL}\\.${BASE64URL}\\.${BASE64URL}`;

/**
 * The syntax of a non-JSON success body, by the media type's structured suffix: `+jwt` a
 * compact JWS (RFC 7515 section 7.1), `+sd-jwt` an SD-JWT (RFC 9901 section 4: issuer-signed
 * JWT, disclosures, each followed by `~`, and an optional Key Binding JWT).
 */
export const TEXT_SYNTAX: Record<string, RegExp> = {
  '+jwt': new RegExp(`^${COMPACT_JWS}$`),
  '+sd-jwt': new RegExp(`^${COMPACT_JWS}~(${BASE64URL}~)*(${COMPACT_JWS})?$`),
};

/** The problems of a success answered as one of `mediaTypes` (none of them JSON). */
function textSuccessProblems(response: LightMyRequestResponse, mediaTypes: string[]): string[] {
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type === undefined || !mediaTypes.includes(type)) {
    return [`content-type ${JSON.stringify(type)}, documented ${mediaTypes.join(' or ')}`];
  }
  const suffix = Object.keys(TEXT_SYNTAX).find((s) => type.endsWith(s));
  const syntax = suffix === undefined ? /\S/ : (TEXT_SYNTAX[suffix] as RegExp);
  return syntax.test(response.body) ? [] : [`${type} body: ${response.body.slice(0, 200)}`];
}

/**
 * The problems of `response` to a request for `operation` (empty when it is fine). `sent` is the
 * request's URL and payload as text (or a function making it, called only when a detail matches
 * INTERNAL_WORDING: the fuzzing's payloads reach 1 MiB): wording the caller itself sent (a
 * field or key literally named "undefined", echoed in a detail) is not an internal leak.
 */
export function answerProblems(
  operation: Operation,
  response: LightMyRequestResponse,
  pathname: string,
  sent: string | (() => string) = '',
): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  else if (status >= 200 && status < 300) {
    if (!operation.statuses.includes(status)) problems.push(`undocumented success ${status}`);
  } else if (!KNOWN_CLIENT_ERRORS.has(status)) problems.push(`unexpected status ${status}`);

  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff header');
  const cacheControl = expectedCacheControl(operation.method, pathname, status);
  if (response.headers['cache-control'] !== cacheControl) {
    problems.push(`cache-control ${JSON.stringify(response.headers['cache-control'])}`);
  }
  // 204 No Content (RFC 9110 15.3.5): documented, and no body at all.
  if (status === 204) {
    return response.body === '' ? problems : [...problems, 'a 204 answer with a body'];
  }
  // A success documented only with other media types than JSON: that type and its syntax.
  const successTypes = operation.successMediaTypes[status] ?? [];
  if (successTypes.length > 0 && !successTypes.includes('application/json')) {
    return [...problems, ...textSuccessProblems(response, successTypes)];
  }

  const type = String(response.headers['content-type'] ?? '');
  // A documented error of another shape may still be a problem when the request failed before
  // it reached the route (a malformed URL, a path that resolves to no route): then it is checked
  // as one.
  const shaped =
    operation.shapedErrors.includes(status) && !type.startsWith('application/problem+json');
  const expectedType = status >= 400 && !shaped ? 'application/problem+json' : 'application/json';
  if (!type.startsWith(expectedType)) problems.push(`content-type ${JSON.stringify(type)}`);

  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    problems.push(`body is not JSON: ${response.body.slice(0, 200)}`);
    return problems;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    problems.push(`body is not an object: ${response.body.slice(0, 200)}`);
    return problems;
  }
  if (status < 400) return problems;
  // A documented error of another shape (the W3C VC API's 422 verdict): the serializer has
  // checked its shape; it still must not carry a stack.
  if (shaped) {
    if (STACK_FRAME.test(response.body)) problems.push(`stack frame in ${response.body}`);
    return problems;
  }

  const problem = body as Record<string, unknown>;
  const code = problem.code as ErrorCode;
  const keys = Object.keys(problem)
    .filter((key) => !(key === 'errors' && code === 'invalid_request'))
    .filter((key) => !(['verified', 'verification'].includes(key) && VERDICT_CODES.includes(code)))
    .filter((key) => !(key === 'reasons' && code === 'credential_not_issuable'))
    .filter((key) => !(key === 'document_type' && code === 'duplicate_document'))
    .sort();
  if (code === 'credential_not_issuable') {
    const { reasons } = problem;
    if (
      !Array.isArray(reasons) ||
      reasons.length === 0 ||
      !reasons.every((r) => typeof r === 'string' && r.length > 0 && !/\d{12}/.test(r))
    ) {
      problems.push(`credential_not_issuable reasons ${JSON.stringify(reasons).slice(0, 200)}`);
    }
  }
  if (
    code === 'duplicate_document' &&
    problem.document_type !== undefined &&
    (typeof problem.document_type !== 'string' || !/^[a-z0-9_]+$/.test(problem.document_type))
  ) {
    problems.push(`duplicate_document with document_type ${String(problem.document_type)}`);
  }
  if (VERDICT_CODES.includes(code) && (problem.verified !== false || !problem.verification)) {
    problems.push(`${code} without verified: false and its verification`);
  }
  const { detail } = problem;
  if (keys.join() !== PROBLEM_KEYS.join() || typeof detail !== 'string') {
    problems.push(`error body is not a problem: ${response.body.slice(0, 200)}`);
    return problems;
  }
  if (!Object.hasOwn(ERROR_STATUS, code)) problems.push(`unknown code ${String(code)}`);
  else {
    if (problem.type !== `/problems/${code}`) problems.push(`type ${String(problem.type)}`);
    if (problem.title !== ERROR_TITLES[code]) problems.push(`title ${String(problem.title)}`);
    if (code !== 'client_error' && ERROR_STATUS[code] !== status) {
      problems.push(`code ${code} with status ${status}`);
    }
  }
  if (problem.status !== status) problems.push(`status member ${String(problem.status)}`);
  if (code === 'invalid_request') {
    const errors = problem.errors;
    const valid =
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every(
        (entry: unknown) =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as { pointer?: unknown }).pointer === 'string' &&
          /^\/(body|params|querystring|headers)(\/|$)/.test(
            (entry as { pointer: string }).pointer,
          ) &&
          typeof (entry as { code?: unknown }).code === 'string',
      );
    if (!valid) problems.push(`errors ${JSON.stringify(errors).slice(0, 200)}`);
  }
  if (detail.length === 0 || detail.length > MAX_DETAIL_LENGTH) {
    problems.push(`detail of ${detail.length} characters: ${detail.slice(0, 200)}`);
  }
  let sentText: string | undefined;
  for (const pattern of INTERNAL_WORDING) {
    const match = pattern.exec(detail);
    if (!match) continue;
    sentText ??= typeof sent === 'string' ? sent : sent();
    if (!sentText.includes(match[0])) {
      problems.push(`detail ${JSON.stringify(detail)} matches ${pattern}`);
    }
  }
  if (/\d{12}/.test(detail)) problems.push(`detail carries a 12-digit number: ${detail}`);
  return problems;
}
