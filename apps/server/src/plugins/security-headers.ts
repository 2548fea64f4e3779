/**
 * Security headers on every answer (OWASP Secure Headers; docs/security.md): no MIME sniffing and
 * no framing (clickjacking) everywhere; API answers never cached (they hold personal data).
 * Pages (the web build, its assets, /docs) also get the policies a browser applies to documents:
 * no referrer leaking credential ids from /verify links, no browser features the product does
 * not use (Permissions-Policy), and no window sharing with other origins
 * (Cross-Origin-Opener-Policy). API answers (JSON under the API prefixes) carry the set the OWASP
 * REST Security Cheat Sheet names for APIs (Cache-Control, CSP, Content-Type, HSTS,
 * X-Content-Type-Options, X-Frame-Options) and not the document-only ones: each header is
 * parsed by every client on every call (docs/performance.md).
 *
 * Content-Security-Policy:
 * - HTML pages of the web build: scripts only from this origin plus the build's own inline
 *   scripts, allowed one by one by their SHA-256 hash (no 'unsafe-inline' scripts);
 *   object-src 'none', base-uri 'none', frame-ancestors 'none'. Styles allow 'unsafe-inline'
 *   because the toasts (react-hot-toast) inject a <style> element; images allow data: and blob:
 *   for the QR codes made on the device.
 * - Every other answer (JSON): default-src 'none'; frame-ancestors 'none'.
 * - /docs keeps the OpenAPI UI's own policy (@fastify/swagger-ui staticCSP).
 *
 * Strict-Transport-Security (RFC 6797) only on answers to HTTPS requests (request.protocol is
 * 'https': served with TLS_CERT_FILE, or behind a TRUST_PROXY proxy that says
 * X-Forwarded-Proto: https); a browser ignores it over plain HTTP, and localhost stays usable.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './static';

/** The page policy for a build whose inline scripts have these hash sources. */
export function pagePolicy(inlineScriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
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
    const pathname = request.url.split('?')[0] ?? '/';
    const isDocs = pathname === '/docs' || pathname.startsWith('/docs/');
    const isApi = !isDocs && isApiPath(pathname);
    if (isApi) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else {
      // Policies a browser applies to documents only: pages, their assets and /docs.
      reply.header('referrer-policy', 'no-referrer');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
    }
    if (!reply.hasHeader('content-security-policy') && !isDocs) {
      const type = isApi ? '' : String(reply.getHeader('content-type') ?? '');
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
