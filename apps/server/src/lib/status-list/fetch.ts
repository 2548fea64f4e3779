/**
 * Fetches a status list (IETF Token Status List section 8 "Status List Request"; W3C Bitstring
 * Status List section 3.2) and, for an https issuer identifier, the keys it publishes, through
 * the wallet's one way out (lib/oid4vci/issuer-http.ts): a URL on this server's PUBLIC_ORIGIN is
 * answered in process (app.inject), any other through the SSRF-safe client (https only, no
 * private addresses, no redirects, time and size limits; loopback only under
 * OID4VCI_ALLOW_LOOPBACK=true), whether or not the issuer is trusted.
 *
 * Never throws: a refused address, a transport failure or a status other than 200 answers
 * `{ error }`, a plain sentence (never the list's own text).
 */
import type { ServiceDeps } from '../deps';
import {
  callIssuer,
  getIssuerDocument,
  type IssuerHttpOptions,
  issuerHttpOf,
  wellKnownUrl,
} from '../oid4vci/issuer-http';
import type { SafeFetchOptions } from '../oid4vp/safe-fetch';
import { isIssuerUrl } from '../sd-jwt-issuer-key';

/** The largest status list read, in bytes (a 2-bit list of 1,048,576 entries is 256 KiB raw). */
export const STATUS_LIST_MAX_BYTES = 512 * 1024;

/** What the checker needs from the service to reach lists: the loopback switch, the own origin. */
export type StatusFetchDeps = Pick<
  ServiceDeps,
  'publicOrigin' | 'oid4vciAllowLoopback' | 'ownOriginFetch'
> & {
  /** Tests only: a resolver, CA or limits for the SSRF-safe client. */
  statusFetchOptions?: Omit<SafeFetchOptions, 'allowLoopback'> | undefined;
};

/** The issuer-http options of `deps`. */
export function statusHttpOf(deps: StatusFetchDeps): IssuerHttpOptions {
  return issuerHttpOf(deps, deps.statusFetchOptions);
}

/** True when `url` is on this server's own PUBLIC_ORIGIN (answered in process, never cached). */
export function isOwnOriginUrl(url: string, deps: Pick<ServiceDeps, 'publicOrigin'>): boolean {
  try {
    return new URL(url).origin === new URL(deps.publicOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * GETs the list at `url` with `accept` and answers its text, or why it could not be read.
 */
export async function fetchStatusList(
  url: string,
  accept: string,
  deps: StatusFetchDeps,
): Promise<{ text: string } | { error: string }> {
  try {
    const answer = await callIssuer(
      url,
      { method: 'GET', headers: { accept }, maxBytes: STATUS_LIST_MAX_BYTES },
      statusHttpOf(deps),
    );
    if (answer.status !== 200) {
      return { error: `The status list answered HTTP ${answer.status}.` };
    }
    return { text: answer.text.trim() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      error:
        code === 'issuer_address_refused'
          ? "The status list's address is not allowed (only public https addresses are fetched)."
          : 'The status list could not be fetched.',
    };
  }
}

/**
 * The JWK Set keys an https issuer publishes in its SD-JWT VC issuer metadata
 * (`/.well-known/jwt-vc-issuer`, path insertion; IETF SD-JWT VC section 4), `jwks` or
 * `jwks_uri`, when its `issuer` is exactly `iss`; undefined when none can be read.
 */
export async function publishedIssuerKeys(
  iss: string,
  deps: StatusFetchDeps,
): Promise<unknown[] | undefined> {
  if (!isIssuerUrl(iss)) return undefined;
  try {
    const http = statusHttpOf(deps);
    const document = await getIssuerDocument(wellKnownUrl(iss, 'jwt-vc-issuer'), http);
    if (!document || document.issuer !== iss) return undefined;
    const jwks =
      typeof document.jwks === 'object' && document.jwks !== null
        ? document.jwks
        : typeof document.jwks_uri === 'string' && isIssuerUrl(document.jwks_uri)
          ? await getIssuerDocument(document.jwks_uri, http)
          : undefined;
    const keys = (jwks as { keys?: unknown } | undefined)?.keys;
    return Array.isArray(keys) ? keys : undefined;
  } catch {
    return undefined;
  }
}
