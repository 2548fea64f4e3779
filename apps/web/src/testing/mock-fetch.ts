/**
 * A fetch stand-in for tests: answers requests by "METHOD /path" (query string ignored); any
 * request without a handler fails like an unreachable server (TypeError 'Failed to fetch').
 * Every request is recorded in `calls`.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Installs the stand-in as the global fetch; undone by vi.unstubAllGlobals (setup.ts). */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    if (!handler) throw new TypeError('Failed to fetch');
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * An RFC 9457 problem answer as the server sends it (application/problem+json;
 * docs/api-contract.md "Errors"): `code`, its `status`, the `detail` text and, for
 * 'invalid_request', the field `errors`.
 */
export function problem(
  code: string,
  status: number,
  detail: string,
  options: {
    errors?: { pointer: string; code: string }[];
    headers?: Record<string, string>;
    /** Extension members (RFC 9457 3.2), e.g. second_factor_required's login_token. */
    extensions?: Record<string, unknown>;
  } = {},
): Response {
  const body = {
    ...options.extensions,
    type: `/problems/${code}`,
    title: code,
    status,
    detail,
    code,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', ...options.headers },
  });
}

/**
 * The requests but /verify's GETs of the public trust list and status lists (fetched on opening
 * the page, for "Scan offline QR"): those that could carry what the page was given.
 */
export function withoutPublicLists(calls: readonly RecordedRequest[]): RecordedRequest[] {
  return calls.filter(
    (call) => !(call.method === 'GET' && /^\/(trust-list|status-lists\/)/.test(call.path)),
  );
}
