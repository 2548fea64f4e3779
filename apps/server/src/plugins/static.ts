/**
 * Serves the built SPA (apps/web/dist) from the API server (DECISIONS 1: one process serves the
 * whole product). Used by the app's one not-found handler: a GET/HEAD request whose path is not
 * an API path gets the file of that path from WEB_DIST when there is one, else the prerendered
 * page `<path>/index.html` when there is one, else for `/<dir>/<value>` the prerendered frame
 * `<dir>/_frame.html` of a page with a parameter (/verify/<id>) when there is one (for a value
 * with a consent receipt id's shape, core's `isConsentReceiptId`, the receipt page's frame
 * `<dir>/_receipt_frame.html` when there is one: /verify/<receipt id> is the receipt page, web
 * src/app/prerender.tsx PRERENDERED_FRAMES), else the empty shell spa.html (the SPA's
 * client-side router takes over). Files are sent brotli- or
 * gzip-compressed when the build has the compressed copy and the browser accepts it. When
 * WEB_DIST has no index.html (tests, API-only runs) nothing is served and unknown paths answer
 * 404 JSON.
 *
 * A missing file (a path whose last segment has a file extension, e.g. /favicon.ico or
 * /assets/gone-abc123.js) is not answered with the shell: it gets the app's real 404, so a
 * browser, a crawler or the service worker's precaching never takes HTML for a script or image.
 * The service worker (sw.js) and the web app manifest are revalidated on every request
 * (`no-cache`), so a new release is found at once (docs/adr/0007-service-worker.md); sw.js gets a
 * policy of its own, since a worker's Content-Security-Policy is its script's response header.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isConsentReceiptId } from '@pehchaan/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { markPage } from './security-headers';

/**
 * Path prefixes that belong to the API (now or per DECISIONS 4 and 6): never answered with the
 * SPA. The SPA's /credentials page is not one of them; the VC API's /credentials/verify is.
 */
export const API_PREFIXES = [
  '/api',
  '/user',
  '/identity',
  '/health',
  '/storage',
  '/docs',
  '/credentials/verify',
  '/presentations',
  '/contexts',
  '/trust-list',
] as const;

/** True when `pathname` is one of API_PREFIXES or below one. */
export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export interface SpaServer {
  /** Sends the file or index.html for `request`; false when it does not apply (API path...). */
  serve(request: FastifyRequest, reply: FastifyReply): boolean;
  /**
   * CSP sources ('sha256-...') of every inline script of the build's HTML pages (index.html's
   * theme script, the prerendered pages' loader), for the Content-Security-Policy.
   */
  inlineScriptHashes: readonly string[];
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** A path whose last segment has a file extension: a file, never a page of the SPA. */
const FILE_PATH = /\/[^/]+\.[^/]+$/;

/** Files of the build that must never be served from a cache without asking (see above). */
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The service worker's own CSP (the policy of the worker's global scope, CSP Level 3 §
 * "Initialize a global object's CSP list"): it runs only its own script and fetches only this
 * origin (the files it precaches).
 */
export const SERVICE_WORKER_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

/** The prerendered frame of a page with a parameter, `/<dir>/<value>` (see the module doc). */
const FRAME_FILE = '_frame.html';
/** The frame of `/<dir>/<value>` when the value is a consent receipt's id (see the module doc). */
const RECEIPT_FRAME_FILE = '_receipt_frame.html';

/** The name of the frame file for the value `value` of a page with a parameter. */
function frameFileOf(dir: string, value: string): string {
  return isConsentReceiptId(value) && isFile(join(dir, RECEIPT_FRAME_FILE))
    ? RECEIPT_FRAME_FILE
    : FRAME_FILE;
}

/**
 * The HTML pages of a build: the top level's and one level of <page>/index.html,
 * <dir>/_frame.html and <dir>/_receipt_frame.html.
 */
function htmlPages(root: string): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) pages.push(join(root, entry.name));
    if (!entry.isDirectory()) continue;
    for (const name of ['index.html', FRAME_FILE, RECEIPT_FRAME_FILE]) {
      if (isFile(join(root, entry.name, name))) pages.push(join(root, entry.name, name));
    }
  }
  return pages;
}

/** The CSP hash sources of the inline scripts of `root`'s HTML pages (sorted, distinct). */
export function inlineScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  for (const page of htmlPages(root)) {
    for (const [, body] of readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(body ?? '', 'utf8')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes].sort();
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Registers @fastify/static (reply.sendFile only) when `webDist` holds a build; else null. */
export async function registerSpa(
  app: FastifyInstance,
  options: { webDist: string },
): Promise<SpaServer | null> {
  const root = resolve(options.webDist);
  if (!isFile(join(root, 'index.html'))) {
    app.log.info({ webDist: root }, 'no web build found; serving the API only');
    return null;
  }
  // preCompressed: the web build writes .br and .gz beside each text asset; sendFile picks the
  // one the browser accepts (Accept-Encoding) and falls back to the plain file.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  // The web build's prerender step keeps the empty shell as spa.html (index.html is then the
  // prerendered landing page); older builds have only index.html.
  const shell = isFile(join(root, 'spa.html')) ? 'spa.html' : 'index.html';

  const hashes = inlineScriptHashes(root);
  return {
    inlineScriptHashes: hashes,
    serve(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = request.url.split('?')[0] ?? '/';
      if (isApiPath(pathname)) return false;

      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      const target = resolve(root, `.${decoded}`);
      const inside = target === root || target.startsWith(`${root}${sep}`);
      if (inside && isFile(target)) {
        markPage(reply);
        const file = relative(root, target);
        if (REVALIDATED_FILES.has(file)) {
          if (file === 'sw.js') reply.header('content-security-policy', SERVICE_WORKER_POLICY);
          reply.header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
          return true;
        }
        // Vite puts content-hashed names under assets/, so they never change.
        const immutable = file.startsWith(`assets${sep}`);
        reply.sendFile(file, { maxAge: immutable ? '365d' : 0, immutable });
        return true;
      }
      if (FILE_PATH.test(decoded)) return false;
      // A prerendered public page (dir/index.html), else the prerendered frame of a page with a
      // parameter (dir/_frame.html for /dir/<value>, dir/_receipt_frame.html for a receipt id),
      // else the empty shell. Pages and shell must be revalidated so a new deploy's asset names
      // are picked up.
      const page = join(target, 'index.html');
      const frame = join(dirname(target), frameFileOf(dirname(target), basename(target)));
      markPage(reply);
      const html = !inside
        ? shell
        : isFile(page)
          ? relative(root, page)
          : dirname(target) !== root && isFile(frame)
            ? relative(root, frame)
            : shell;
      reply.header('cache-control', 'no-cache').sendFile(html, { cacheControl: false });
      return true;
    },
  };
}
