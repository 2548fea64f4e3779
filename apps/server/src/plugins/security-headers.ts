/**
 * Conservative security headers on every answer (OWASP Secure Headers): no MIME sniffing, no
 * framing (clickjacking), no referrer leaking credential ids from /verify links, and API answers
 * never cached (they hold personal data). A CSP is left to the web build, which knows its assets.
 */
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './static';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) && !pathname.startsWith('/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
