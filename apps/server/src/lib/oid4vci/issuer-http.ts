/**
 * The wallet's one way out to a credential issuer (OpenID4VCI 1.0; docs/oid4vci.md "The wallet
 * receives"): every request to an issuer, its authorization server, its nonce, credential,
 * notification and JWKS endpoints goes through the SSRF-safe client of the OpenID4VP work
 * (lib/oid4vp/safe-fetch.ts: https only, no private addresses, no redirects, a time and a size
 * limit), with loopback allowed only under OID4VCI_ALLOW_LOOPBACK=true (AppConfig
 * .oid4vciAllowLoopback). GET, and POST with a form (application/x-www-form-urlencoded) or JSON
 * body. A URL on this server's own PUBLIC_ORIGIN (the product's own issuers) is answered in
 * process (`ownOrigin`, app.inject), never over the network.
 *
 * Transport failures become AppErrors with the holder's wording: `issuer_address_refused` (422,
 * the address is not allowed), `issuer_unreachable` (502: connection, time limit, redirect, an
 * answer larger than allowed or not JSON). HTTP error statuses are answered, not thrown: the
 * caller reads the OAuth `error` (RFC 6749 5.2, OpenID4VCI 1.0 8.3.1.2) and decides.
 */
import { AppError } from '../errors';
import { Oid4vpError } from '../oid4vp/errors';
import {
  DEFAULT_MAX_BYTES,
  type SafeFetchOptions,
  type SafeRequestInit,
  safeFetch,
} from '../oid4vp/safe-fetch';

/**
 * Answers a request to this server itself, in process (app.inject; src/app.ts): how the wallet
 * reaches the product's own issuers at PUBLIC_ORIGIN without any network or loopback switch, as
 * its OpenID4VP side reaches the product's own verifier.
 */
export type OwnOriginFetch = (url: string, init: SafeRequestInit) => Promise<Response>;

/**
 * The remote address the in-process requests of OwnOriginFetch carry (src/app.ts): no socket has
 * it, so no client can claim it; the per-IP rate limits (plugins/rate-limit.ts) do not count the
 * wallet's own calls to the product's issuers (Add Credentials runs one exchange per card).
 */
export const IN_PROCESS_REMOTE_ADDRESS = 'in-process';

/** How the wallet reaches issuers: the loopback switch and, for tests, the fetch options. */
export interface IssuerHttpOptions {
  /** AppConfig.oid4vciAllowLoopback (OID4VCI_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** Tests only: a resolver, CA or limits (SafeFetchOptions minus allowLoopback). */
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'> | undefined;
  /** URLs on `origin` (PUBLIC_ORIGIN) are answered by `fetch` in process, never over the network. */
  ownOrigin?: { origin: string; fetch: OwnOriginFetch } | undefined;
}

/** The issuer options of a service: its loopback switch, the own-origin door, test options. */
export function issuerHttpOf(
  deps: {
    oid4vciAllowLoopback: boolean;
    publicOrigin: string;
    ownOriginFetch?: OwnOriginFetch | undefined;
  },
  fetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'>,
): IssuerHttpOptions {
  return {
    allowLoopback: deps.oid4vciAllowLoopback,
    fetchOptions,
    ownOrigin: deps.ownOriginFetch
      ? { origin: new URL(deps.publicOrigin).origin, fetch: deps.ownOriginFetch }
      : undefined,
  };
}

/** True when `url` is on the own origin (answered in process). */
function isOwnOrigin(url: string, options: IssuerHttpOptions): boolean {
  if (!options.ownOrigin) return false;
  try {
    return new URL(url).origin === options.ownOrigin.origin;
  } catch {
    return false;
  }
}

/** One answer of an issuer endpoint: its status and the JSON body (undefined when none or not JSON). */
export interface IssuerAnswer {
  status: number;
  body: unknown;
  /** The body as text (the credential endpoint's size check reads it). */
  text: string;
}

/** A request body: a form (sent as application/x-www-form-urlencoded) or JSON. */
export type IssuerRequestBody = { form: Record<string, string> } | { json: unknown };

const ISSUER_UNREACHABLE =
  'The issuer could not be reached or sent an answer Pehchaan cannot use. Try again later.';

/** The AppError of a transport failure (see the module docs). */
export function issuerTransportError(error: unknown): AppError {
  if (error instanceof Oid4vpError && error.code === 'address_refused') {
    return new AppError(
      'issuer_address_refused',
      "The issuer's address is not allowed: Pehchaan only contacts issuers on the public internet over a secure connection.",
    );
  }
  if (error instanceof Oid4vpError && error.code === 'response_too_large') {
    return new AppError(
      'issuer_unreachable',
      'The issuer sent more data than Pehchaan accepts, so it stopped reading.',
    );
  }
  return new AppError('issuer_unreachable', ISSUER_UNREACHABLE);
}

/**
 * Sends one request to an issuer endpoint and answers its status and parsed JSON body.
 * @param request.maxBytes the largest body read (default 64 KiB, safe-fetch's).
 * @throws AppError issuer_address_refused or issuer_unreachable (see the module docs).
 */
export async function callIssuer(
  url: string,
  request: {
    method?: 'GET' | 'POST';
    body?: IssuerRequestBody;
    headers?: Record<string, string>;
    maxBytes?: number;
    /** Thrown instead of issuer_unreachable when the answer is larger than maxBytes. */
    tooLarge?: AppError;
  },
  options: IssuerHttpOptions,
): Promise<IssuerAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body && 'form' in request.body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.body.form).toString();
  } else if (request.body && 'json' in request.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.json);
  }
  let response: Response;
  const init = { method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body };
  try {
    if (isOwnOrigin(url, options) && options.ownOrigin) {
      response = await options.ownOrigin.fetch(url, init);
      const size = Number(response.headers.get('content-length') ?? '0');
      if (size > (request.maxBytes ?? DEFAULT_MAX_BYTES)) {
        throw new Oid4vpError('response_too_large', 'The answer is too large.');
      }
    } else {
      response = await safeFetch(url, init, {
        ...options.fetchOptions,
        ...(request.maxBytes === undefined ? {} : { maxBytes: request.maxBytes }),
        allowLoopback: options.allowLoopback,
      });
    }
  } catch (error) {
    if (request.tooLarge && error instanceof Oid4vpError && error.code === 'response_too_large') {
      throw request.tooLarge;
    }
    throw issuerTransportError(error);
  }
  const text = await response.text();
  let parsed: unknown;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  return { status: response.status, body: parsed, text };
}

/**
 * GETs a JSON document (issuer or authorization server metadata, a JWKS) and answers it when the
 * status is 200 and the body a JSON object; undefined for 404 (the caller may try another
 * well-known location).
 * @throws AppError issuer_address_refused, issuer_unreachable (any other status, or not JSON).
 */
export async function getIssuerDocument(
  url: string,
  options: IssuerHttpOptions,
): Promise<Record<string, unknown> | undefined> {
  const answer = await callIssuer(url, { method: 'GET' }, options);
  if (answer.status === 404) return undefined;
  if (
    answer.status !== 200 ||
    typeof answer.body !== 'object' ||
    answer.body === null ||
    Array.isArray(answer.body)
  ) {
    throw new AppError('issuer_unreachable', ISSUER_UNREACHABLE);
  }
  return answer.body as Record<string, unknown>;
}

/**
 * A well-known URL with path insertion (RFC 8414 3.1; OpenID4VCI 1.0 12.2.2): for the identifier
 * `https://host/path` and `suffix` 'openid-credential-issuer', answers
 * `https://host/.well-known/openid-credential-issuer/path` (no trailing slash when the path is
 * empty). @throws AppError invalid_credential_offer when `identifier` is no http(s) URL.
 */
export function wellKnownUrl(identifier: string, suffix: string): string {
  let url: URL;
  try {
    url = new URL(identifier);
  } catch {
    throw new AppError(
      'invalid_credential_offer',
      'The issuer named by the offer is not a web address.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(
      'invalid_credential_offer',
      'The issuer named by the offer is not a web address.',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}/.well-known/${suffix}${path}`;
}
