/**
 * The wallet's one way out to a verifier: an HTTP client that resists server-side request forgery
 * (docs/oid4vp.md "request_uri rules and SSRF limits"). Used for `request_uri` (fetching a request
 * object) and `response_uri` (posting the answer), and handed to @openid4vc/openid4vp as its
 * `fetch` callback so the library never fetches on its own.
 *
 * Rules, in order:
 * 1. Only `https:` URLs, or `http:` when `allowLoopback` and every address the host resolves to
 *    is loopback (127.0.0.0/8, ::1); no user:password@ in the URL.
 * 2. The host is resolved first (node:dns lookup, all addresses) and EVERY address must pass
 *    address-policy.ts; then the connection goes to the first vetted address through a custom
 *    `lookup`, so a second DNS answer (DNS rebinding) can never swap it.
 * 3. No redirects: a 3xx answer is refused (`redirect_refused`).
 * 4. One time limit covers DNS, connect and reading the body (`timeoutMs`, default 5 s).
 * 5. The body is read up to `maxBytes` (default 64 KiB); a larger Content-Length or body aborts.
 *
 * Errors are Oid4vpError with codes `address_refused`, `verifier_unreachable`, `verifier_timeout`,
 * `response_too_large` and `redirect_refused`; HTTP error statuses are returned, not thrown.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isAllowedAddress, isLoopbackAddress } from './address-policy';
import { Oid4vpError } from './errors';

/** Default time limit for DNS + connect + read, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** Default largest body read from a verifier, in bytes (64 KiB). */
export const DEFAULT_MAX_BYTES = 64 * 1024;

/** One resolved address, as node:dns lookup({ all: true }) answers it. */
export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to every address it has. Default: node:dns lookup, all, verbatim. */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** How the wallet reaches verifiers. */
export interface SafeFetchOptions {
  /**
   * Allow http:// and https:// to loopback addresses (127.0.0.0/8, ::1). The caller sets it only
   * when AppConfig.oid4vpAllowLoopback (OID4VP_ALLOW_LOOPBACK) is on, whatever HOST is.
   */
  allowLoopback: boolean;
  /** DNS + connect + read time limit in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (default 65536). */
  maxBytes?: number;
  /** Host name resolver (tests pass one; default node:dns lookup with all addresses). */
  lookup?: HostLookup;
  /** CA certificates (PEM) trusted INSTEAD of Node's bundle; tests only (default: the bundle). */
  trustedCa?: string;
}

/** What a request may carry: a method, headers and a string body. */
export interface SafeRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function refused(detail: string): Oid4vpError {
  return new Oid4vpError(
    'address_refused',
    `The verifier's address is not allowed (${detail}). Pehchaan only contacts verifiers on the public internet over a secure connection.`,
  );
}

function unreachable(cause?: unknown): Oid4vpError {
  return new Oid4vpError(
    'verifier_unreachable',
    'The verifier could not be reached. Check your connection or try again later.',
    { cause },
  );
}

function timedOut(): Oid4vpError {
  return new Oid4vpError(
    'verifier_timeout',
    'The verifier took too long to answer. Try again later.',
  );
}

function tooLarge(): Oid4vpError {
  return new Oid4vpError(
    'response_too_large',
    'The verifier sent more data than a request may hold, so Pehchaan stopped reading it.',
  );
}

/**
 * Checks the URL and its resolved addresses (rules 1 and 2) and answers the address to connect to.
 * @throws {Oid4vpError} address_refused or verifier_unreachable (DNS failure).
 */
export async function vetTarget(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refusedThrow('not a web address');
  if (url.username || url.password) refusedThrow('it contains a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  let addresses: readonly ResolvedAddress[];
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else {
    try {
      addresses = await (options.lookup ?? defaultLookup)(host);
    } catch (error) {
      throw unreachable(error);
    }
  }
  if (addresses.length === 0) throw unreachable();
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, options.allowLoopback)) {
      refusedThrow(
        isLoopbackAddress(address) ? 'it is this computer' : 'it is a private or reserved network',
      );
    }
  }
  const allLoopback = addresses.every(({ address }) => isLoopbackAddress(address));
  if (url.protocol === 'http:' && !(options.allowLoopback && allLoopback)) {
    refusedThrow('it does not use a secure https connection');
  }
  return addresses[0] as ResolvedAddress;
}

function refusedThrow(detail: string): never {
  throw refused(detail);
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * Sends one request under the rules above and answers a WHATWG Response holding the whole body
 * (at most `maxBytes`). Non-2xx statuses other than 3xx are answered, not thrown.
 * @throws {Oid4vpError} address_refused, verifier_unreachable, verifier_timeout,
 *   response_too_large or redirect_refused.
 */
export async function safeFetch(
  input: string | URL,
  init: SafeRequestInit,
  options: SafeFetchOptions,
): Promise<Response> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    refusedThrow('it is not a valid web address');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timedOut());
    }, timeoutMs);
  });
  try {
    const target = await Promise.race([vetTarget(url, options), deadline]);
    return await Promise.race([
      send(url, target, init, { maxBytes, trustedCa: options.trustedCa }, controller.signal),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function send(
  url: URL,
  target: ResolvedAddress,
  init: SafeRequestInit,
  { maxBytes, trustedCa }: { maxBytes: number; trustedCa: string | undefined },
  signal: AbortSignal,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: init.method ?? 'GET',
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        // A fresh connection per request, made to the vetted address only (rule 2).
        agent: false,
        signal,
        ...(trustedCa === undefined ? {} : { ca: trustedCa }),
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.destroy();
          reject(
            new Oid4vpError(
              'redirect_refused',
              'The verifier tried to send Pehchaan to another address, which a wallet does not follow.',
            ),
          );
          return;
        }
        const declared = Number(response.headers['content-length'] ?? '0');
        if (declared > maxBytes) {
          request.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(tooLarge());
          } else {
            chunks.push(chunk);
          }
        });
        response.on('end', () => {
          const noBody = status === 204 || status === 205 || status === 304;
          resolve(
            new Response(noBody ? null : Buffer.concat(chunks), {
              status,
              headers: toHeaders(response.headers),
            }),
          );
        });
        response.on('error', (error) => reject(unreachable(error)));
      },
    );
    request.on('error', (error) => reject(unreachable(error)));
    request.end(init.body);
  });
}

/**
 * `safeFetch` in the shape of the global `fetch`, for @openid4vc's `callbacks.fetch`. Only GET
 * and POST with a string or URLSearchParams body and plain-object or Headers headers.
 */
export function createSafeFetch(options: SafeFetchOptions): typeof fetch {
  const adapted = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST')
      throw new TypeError(`safeFetch: method ${method} is not supported`);
    const body = init?.body;
    if (
      body !== undefined &&
      body !== null &&
      typeof body !== 'string' &&
      !(body instanceof URLSearchParams)
    ) {
      throw new TypeError('safeFetch: only string and URLSearchParams bodies are supported');
    }
    return safeFetch(
      url,
      { method, headers, body: body == null ? undefined : String(body) },
      options,
    );
  };
  return adapted as typeof fetch;
}
