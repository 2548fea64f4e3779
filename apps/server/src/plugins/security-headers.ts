/**
 * Security headers on every answer (OWASP Secure Headers; docs/security.md): no MIME sniffing and
 * no framing (clickjacking) everywhere. Which set an answer gets is decided by what answered it,
 * never by a list of URL prefixes:
 *
 * - API answers: every answer of a route (whatever its prefix: /user, /api, /verifier, /oid4vp,
 *   /vct, /credentials, /presentations, /identity, /storage, ...), of the not-found handler and
 *   of the one error handler. They carry the set the OWASP REST Security Cheat Sheet names for
 *   APIs (Cache-Control, CSP, Content-Type, HSTS, X-Content-Type-Options, X-Frame-Options) and not
 *   the document-only ones: each header is parsed by every client on every call
 *   (docs/performance.md). `Cache-Control: no-store` always (they may hold personal data), set
 *   over anything a handler wrote, unless the route declares its successful answers public
 *   documents with `config: { publicCache: PUBLIC_CACHE.<policy> }` (RFC 9111; a new route is
 *   never cacheable by accident). Errors of a public route are `no-store` too.
 * - Pages: the web build's files and pages (plugins/static.ts marks them with `markPage`) keep
 *   the Cache-Control static.ts gives them and get the policies a browser applies to documents:
 *   no referrer leaking credential ids from /verify links, no browser features the product does
 *   not use (Permissions-Policy), and no window sharing with other origins
 *   (Cross-Origin-Opener-Policy).
 * - The OpenAPI UI (/docs, its files and /docs/json; routes marked `config: { browserDocument:
 *   true }` by plugins/openapi.ts): the page set, its own CSP, and its route's publicCache.
 *
 * Content-Security-Policy:
 * - HTML pages of the web build: scripts only from this origin plus the build's own inline
 *   scripts, allowed one by one by their SHA-256 hash (no 'unsafe-inline' scripts);
 *   object-src 'none', base-uri 'none', frame-ancestors 'none'. Styles allow 'unsafe-inline'
 *   because the toasts (react-hot-toast) inject a <style> element; images allow data: and blob:
 *   for the QR codes made on the device; fonts allow data: for the language names' inlined
 *   faces (no font is fetched before the first paint).
 * - Every other answer (JSON): default-src 'none'; frame-ancestors 'none'.
 * - /docs keeps the OpenAPI UI's own policy (@fastify/swagger-ui staticCSP).
 *
 * Strict-Transport-Security (RFC 6797) only on answers to HTTPS requests (request.protocol is
 * 'https': served with TLS_CERT_FILE, or behind a TRUST_PROXY proxy that says
 * X-Forwarded-Proto: https); a browser ignores it over plain HTTP, and localhost stays usable.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The Cache-Control of the route's answers below 400 when they are public documents that
     * hold no personal data (one of PUBLIC_CACHE). Unset: `no-store`, as every API answer.
     */
    publicCache?: PublicCacheControl;
    /** The route answers the OpenAPI UI to a browser: the page headers and its own CSP. */
    browserDocument?: boolean;
  }
}

/**
 * The Cache-Control values a public document may declare (RFC 9111 section 5.2.2), each with
 * the reason for its lifetime:
 * - `release`, an hour: documents that change only when a new version of the server is
 *   deployed (SD-JWT VC Type Metadata, the OpenAPI document and UI; later the issuer and server
 *   metadata). Wallets and verifiers resolve a credential's `vct` for every credential they
 *   show; an hour saves those repeats and bounds how long a client shows the old version after
 *   a release.
 * - `versioned`, a day: documents at a versioned URL whose content never changes for that
 *   version (the JSON-LD contexts, /contexts/.../v1; new terms get a new version). JSON-LD
 *   processors fetch a context for every document they expand; not `immutable`, since the
 *   document is built from the deployment's PUBLIC_ORIGIN, which an operator may change.
 * - `live`: the health answer. It holds no personal data, so it may be stored, but a monitor or
 *   balancer acting on a stale "healthy" would route to a dead instance: `no-cache` makes every
 *   cache ask the server again before using it.
 * - `statusList`, a minute: the issuers' status lists (docs/status-lists.md). Every verifier and
 *   wallet fetches them; a minute of reuse (with an ETag to revalidate) bounds how long a cache
 *   can hide a revocation, well inside the lists' own `ttl` of 5 minutes.
 */
export const PUBLIC_CACHE = {
  release: 'public, max-age=3600',
  versioned: 'public, max-age=86400',
  live: 'no-cache',
  statusList: 'public, max-age=60',
} as const;

export type PublicCacheControl = (typeof PUBLIC_CACHE)[keyof typeof PUBLIC_CACHE];

/** The Cache-Control of every answer that is not a declared public document. */
export const NO_STORE = 'no-store';

/** The answers static.ts sends from the web build (see markPage). */
const pages = new WeakSet<FastifyReply>();

/**
 * Marks `reply` as a page or file of the web build (plugins/static.ts): it gets the document
 * headers and keeps the Cache-Control its sender set, instead of the API set.
 */
export function markPage(reply: FastifyReply): void {
  pages.add(reply);
}

/** The page policy for a build whose inline scripts have these hash sources. */
export function pagePolicy(inlineScriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // data: for the language names' inlined faces (apps/web scripts/language-fonts.ts: the
    // landing toggle's हिंदी drawn before the first paint without a font request).
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Browser features the product never uses, switched off for every page (and any frame). The
 * camera is allowed to the app's own origin only: /consent's Scan QR reads a verifier's
 * OpenID4VP QR code (issue 16); no frame or other origin may use it.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
].join(', ');

/** HSTS: two years, subdomains included (the preload list's minimum is one year). */
export const HSTS_POLICY = 'max-age=63072000; includeSubDomains';

export interface SecurityHeadersOptions {
  /** The inline script hashes of the web build (read when an answer is sent; [] without one). */
  inlineScriptHashes: () => readonly string[];
}

/**
 * Adds the headers to every answer (an onSend hook) and returns the function that sets them, for
 * answers that skip the hooks (the router's own errors: app.ts frameworkErrors).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions = { inlineScriptHashes: () => [] },
): (request: FastifyRequest, reply: FastifyReply) => void {
  let cachedPolicy: { hashes: readonly string[]; policy: string } | undefined;
  const policyForPages = () => {
    const hashes = options.inlineScriptHashes();
    if (cachedPolicy?.hashes !== hashes) cachedPolicy = { hashes, policy: pagePolicy(hashes) };
    return cachedPolicy.policy;
  };

  const apply = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_POLICY);
    // The router's own errors (frameworkErrors) may come before a route is known.
    const route = request.routeOptions?.config ?? {};
    const isPage = pages.has(reply);
    const isDocs = !isPage && route.browserDocument === true;
    if (!isPage) {
      const publicCache = reply.statusCode < 400 ? route.publicCache : undefined;
      reply.header('cache-control', publicCache ?? NO_STORE);
    }
    if (isPage || isDocs) {
      // Policies a browser applies to documents only: pages, their assets and /docs.
      reply.header('referrer-policy', 'no-referrer');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
    }
    if (!reply.hasHeader('content-security-policy') && !isDocs) {
      const type = isPage ? String(reply.getHeader('content-type') ?? '') : '';
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? policyForPages() : API_POLICY,
      );
    }
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    apply(request, reply);
    done(null, payload);
  });
  return apply;
}
