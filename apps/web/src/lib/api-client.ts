/**
 * The one HTTP client of the app (SPEC 7): fetch-based, JSON in and out, base URL from
 * `env.API_URL`, 10000 ms timeout (SPEC 9), `Authorization: Bearer <sessionToken>` whenever a
 * session token is stored (or the call's own `bearer`, e.g. the verifier portal's API key).
 *
 * Errors are `ApiError`s with a code, never bare fetch errors (STYLE 6):
 * - `ERR_NETWORK`: fetch failed or timed out (the server is unreachable);
 * - `ERR_API_DISABLED`: configuration turned the API off (`VITE_USE_API=false`);
 * - `HTTP_ERROR`: the server answered non-2xx; `status` is kept, and `problem` holds the server's
 *   RFC 9457 problem (`application/problem+json`: type, title, status, detail, code, errors?;
 *   docs/api-contract.md "Errors") when it sent one. Callers decide by `problemCode(error)` (the
 *   server's stable code) and the `errors` pointers, never by status, headers or text (STYLE 15);
 *   `detail` is only for showing;
 * - `ERR_BAD_RESPONSE`: a 2xx answer that is not JSON or does not match the expected schema.
 *
 * The one interceptor (SPEC 4, 8): any 401 answer removes `sessionToken` and `userData` and makes
 * a full redirect to /login, except for calls made with `authRedirect: false` (the login calls,
 * whose 401 means a wrong OTP, and logout).
 *
 * `idempotencyKey` sends the `Idempotency-Key` header (docs/api-contract.md "Idempotency-Key"): the
 * server answers a repeat of the same call with the same key by replaying its first answer, so
 * lib/outbox can resend a change whose answer was lost without doing it twice. The app is served
 * from the API's origin, so no CORS preflight is involved (CORS_ORIGINS also allows the header).
 */
import {
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemCode,
  problemSchema,
} from '@pehchaan/core';
import type { z } from 'zod';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { browser } from './browser';
import { readString, removeKeys, STORAGE_KEYS } from './storage';

/** SPEC 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type ApiErrorCode = 'ERR_NETWORK' | 'ERR_API_DISABLED' | 'HTTP_ERROR' | 'ERR_BAD_RESPONSE';

/** A failed API call; `code` says why (see the module docs). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status for HTTP_ERROR (and ERR_BAD_RESPONSE). */
  readonly status: number | undefined;
  /** The server's problem `detail` (the text a holder may be shown), when it sent one. */
  readonly detail: string | undefined;
  /** The server's RFC 9457 problem for HTTP_ERROR, when the answer was one. */
  readonly problem: Problem | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { status?: number; detail?: string; problem?: Problem; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.problem = options.problem;
    this.detail = options.detail ?? options.problem?.detail;
  }
}

/** True for an ApiError with the given code. */
export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** True when the API could not be used at all: unreachable, timed out, or disabled. */
export function isApiUnavailable(error: unknown): boolean {
  return isApiError(error, 'ERR_NETWORK') || isApiError(error, 'ERR_API_DISABLED');
}

/**
 * The server's problem code of an HTTP_ERROR (e.g. 'duplicate_document',
 * 'idempotency_in_flight'; docs/api-contract.md "Errors"), else undefined. A code this client
 * does not know yet is returned as sent.
 */
export function problemCode(error: unknown): string | undefined {
  return isApiError(error, 'HTTP_ERROR') ? error.problem?.code : undefined;
}

/** True for an HTTP_ERROR whose problem code is `code`. */
export function hasProblemCode(error: unknown, code: ProblemCode): error is ApiError {
  return problemCode(error) === code;
}

/**
 * The JSON Pointers (e.g. '/body/username') of the fields an 'invalid_request' problem names;
 * empty for any other error.
 */
export function problemPointers(error: unknown): string[] {
  if (!hasProblemCode(error, 'invalid_request')) return [];
  return (error.problem?.errors ?? []).map((entry) => entry.pointer);
}

/** The server's detail text of an HTTP_ERROR, else undefined. */
export function errorDetail(error: unknown): string | undefined {
  return isApiError(error, 'HTTP_ERROR') ? error.detail : undefined;
}

export interface RequestOptions<T> {
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** JSON body (POST). */
  body?: unknown;
  /** Validates the answer; without it the parsed JSON is returned as `unknown`-typed T. */
  schema?: z.ZodType<T>;
  /**
   * 'text': a 2xx answer is returned as its text, unparsed (a document that is not JSON, such
   * as an SD-JWT, `Accept: accept` below); errors are read as usual.
   */
  as?: 'text';
  /** The media type asked for with `as: 'text'` (sent first in `Accept`). */
  accept?: string;
  /** false: a 401 answer is returned as an error without clearing the session. Default true. */
  authRedirect?: boolean;
  /** Override of REQUEST_TIMEOUT_MS (ms). */
  timeoutMs?: number;
  /** Sent as the `Idempotency-Key` header (1-255 printable ASCII characters; see the module docs). */
  idempotencyKey?: string;
  /**
   * Sent as `Authorization: Bearer <bearer>` instead of the holder's session token (the verifier
   * portal's API key). Use with `authRedirect: false`: its 401 is not the holder's.
   */
  bearer?: string;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, value);
  }
  const qs = search.toString();
  return `${env.API_URL}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The problem an error answer carries, if it is one (any JSON error body is tried). Extension
 * members are kept (RFC 9457 3.2), e.g. the W3C verify endpoints' `verification` verdict or
 * second_factor_required's login_token, for the feature that reads them with its own schema.
 */
function problemOf(body: unknown): Problem | undefined {
  const result = problemSchema.loose().safeParse(body);
  return result.success ? result.data : undefined;
}

/** A `detail` text of an error body that is not a problem (e.g. from a proxy), for showing. */
function bareDetailOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const { detail } = body;
    if (typeof detail === 'string') return detail;
  }
  return undefined;
}

/**
 * The 401 interceptor: clear the session and reload on /login (SPEC 8). `sentToken` is the
 * session token the refused request carried: when the stored session is no longer that one (the
 * holder signed out, or in again, while it was in flight), the late 401 concerns an ended
 * session and changes nothing (a full reload would drop the sign-out's own screen and toast).
 */
function onUnauthorized(sentToken: string | null): void {
  if (sentToken !== null && readString(STORAGE_KEYS.sessionToken) !== sentToken) return;
  removeKeys(STORAGE_KEYS.sessionToken, STORAGE_KEYS.userData);
  if (window.location.pathname !== paths.login.path) {
    browser.assign(paths.login.getHref());
  }
}

/**
 * Sends one request.
 * @param method HTTP method.
 * @param path absolute path on the API, e.g. '/user/user-001/credentials'.
 * @returns the parsed (and, with `schema`, validated) JSON answer; `undefined` for an empty body.
 * @throws {ApiError} see the module docs.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  if (!env.USE_API) {
    throw new ApiError('ERR_API_DISABLED', 'The API is disabled by configuration');
  }
  const headers: Record<string, string> = {
    Accept: `${options.accept ? `${options.accept}, ` : ''}application/json, ${PROBLEM_CONTENT_TYPE}`,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.bearer ?? readString(STORAGE_KEYS.sessionToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (cause) {
    const timedOut = controller.signal.aborted;
    throw new ApiError('ERR_NETWORK', timedOut ? 'Request timed out' : 'Network Error', { cause });
  } finally {
    clearTimeout(timer);
  }

  const text = await response.text().catch(() => '');
  let body: unknown;
  let parsedJson = true;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    parsedJson = false;
    body = undefined;
  }

  if (!response.ok) {
    if (response.status === 401 && options.authRedirect !== false) {
      onUnauthorized(options.bearer === undefined ? (token ?? null) : null);
    }
    const problem = problemOf(body);
    const detail = problem?.detail ?? bareDetailOf(body);
    throw new ApiError('HTTP_ERROR', detail ?? `Request failed with status ${response.status}`, {
      status: response.status,
      detail,
      problem,
    });
  }
  if (options.as === 'text') return text as T;
  if (!parsedJson) {
    throw new ApiError('ERR_BAD_RESPONSE', 'The server answered with invalid JSON', {
      status: response.status,
    });
  }
  if (!options.schema) return body as T;
  const result = options.schema.safeParse(body);
  if (!result.success) {
    throw new ApiError('ERR_BAD_RESPONSE', 'The server answer has an unexpected shape', {
      status: response.status,
      cause: result.error,
    });
  }
  return result.data;
}

/** The client's verbs; see `apiRequest`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};
