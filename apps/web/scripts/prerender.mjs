#!/usr/bin/env node
/**
 * Runs after `vite build` (npm run build): writes the public pages of src/app/prerender.tsx as
 * HTML into dist, so a visitor sees the page before any JavaScript has arrived.
 *
 * - dist/spa.html: the untouched shell (empty #root), which the server sends for every route
 *   that is not prerendered (the signed-in app, /verify/..., the demos).
 * - dist/index.html: the landing page; dist/<page>/index.html: the other pages, each loading its
 *   small entry only after its first contentful paint (`loadAfterFirstPaint`), which starts the
 *   app when the page needs it (src/public-start.ts, ADR 0010).
 * - the frames of the pages with a parameter (PRERENDERED_FRAMES: dist/verify/_frame.html for
 *   every /verify/<id>, dist/verify/_receipt_frame.html for a consent receipt's), loaded the
 *   same way.
 * - a .br and a .gz copy beside each written file, like the build's other assets.
 * - dist/sw.js written again by vite-plugin-pwa (its options in vite.config.ts), now that the
 *   prerendered pages and spa.html exist, so the service worker precaches them too.
 *
 * Exits non-zero when a page fails to render, so a broken page fails the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, resolveConfig } from 'vite';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A prerendered page paints from its HTML and CSS alone, so its JavaScript, the entry chunk
 * alone (src/main.tsx and src/public-start.ts, a few KB: the app itself is started only when the
 * page needs it, ADR 0010), is requested only once the browser reports the page's first
 * contentful paint (the `first-contentful-paint` paint timing entry, observed with
 * `buffered: true`): the first render never waits for, or competes with, code on a slow network,
 * and no script can finish arriving before it (what `npm run bench:web` counts as JavaScript
 * before the first render). Browsers without paint timing load it after the first animation
 * frame plus a task. A page in a background tab is not painted, so its JavaScript waits until it
 * is shown. Vite's `modulepreload` links of the shell are left out: they would fetch the app.
 * A frame with an island (PRERENDERED_FRAMES) gets `modulepreload` links for the island's chunks
 * instead, added with the entry: the island imports them in steps, and none waits for a download.
 *
 * Until the entry runs, the loader holds what the visitor does (`heldEventTypes`, captured on the
 * document): src/public-start.ts takes those events over and replays them once the app runs; a
 * form's submission is stopped at once, so a prerendered form is never sent natively.
 *
 * The server's Content-Security-Policy allows this inline loader by its SHA-256 hash.
 */
function loadAfterFirstPaint(html, heldEventTypes, preloads = []) {
  const match = html.match(ENTRY_SCRIPT);
  if (!match) throw new Error('the built index.html has no module entry script');
  const loader =
    `<script>(function(){var a=${JSON.stringify(match[1])},p=${JSON.stringify(preloads)},` +
    `t=${JSON.stringify(heldEventTypes)},d=document,q=[],x=0;` +
    "function h(e){if(q.length<100)q.push(e);if(e.type==='submit')e.preventDefault()}" +
    "t.forEach(function(n){d.addEventListener(n,h,{capture:true,passive:n!=='submit'})});" +
    'window.__earlyEvents={events:q,stop:function(){' +
    't.forEach(function(n){d.removeEventListener(n,h,true)})}};' +
    'function go(){if(x)return;x=1;p.forEach(function(h){var l=d.createElement("link");' +
    "l.rel='modulepreload';l.href=h;d.head.appendChild(l)});" +
    "var e=d.createElement('script');e.type='module';e.src=a;d.head.appendChild(e)}" +
    'var P=window.PerformanceObserver,s=P&&P.supportedEntryTypes;' +
    "if(s&&s.indexOf('paint')>=0){new P(function(l,o){" +
    "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}" +
    "}).observe({type:'paint',buffered:true})}" +
    'else requestAnimationFrame(function(){setTimeout(go)})})()</script>';
  let page = html.replace(match[0], loader);
  for (const preload of html.matchAll(MODULE_PRELOAD)) page = page.replace(preload[0], '');
  return page;
}

/**
 * The build's chunks that `source` (a module path, e.g. 'src/app/verify-island.ts') loads at
 * once: its own and their static imports, as URLs (Vite's manifest). Not its dynamic imports:
 * the island loads those only for some outcomes (a local copy when the server cannot be
 * reached), and a preload would fetch them on every visit.
 * @throws when the manifest has no chunk for `source`.
 */
function chunksOf(manifest, source) {
  if (!manifest[source]) throw new Error(`the build manifest has no chunk for ${source}`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files].map((file) => `/${file}`);
}

/** Writes `content` to `file` with its .br and .gz copies. */
function writeCompressed(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  const bytes = Buffer.from(content, 'utf8');
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/**
 * Rewrites dist/sw.js through vite-plugin-pwa's API, with the options and mode of `vite build`
 * (vite.config.ts resolved for a production build), so its precache manifest lists the files of
 * the finished build: the pages written above and spa.html.
 * @throws when the plugin is missing from vite.config.ts or the worker does not precache spa.html
 *   and every prerendered page.
 */
async function writeServiceWorker(paths) {
  const config = await resolveConfig({ root: webRoot, logLevel: 'error' }, 'build', 'production');
  const pwa = config.plugins.find((plugin) => plugin.name === 'vite-plugin-pwa')?.api;
  if (!pwa || pwa.disabled) throw new Error('vite.config.ts has no enabled vite-plugin-pwa');
  await pwa.generateSW();
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8');
  // Precached under the URL a visitor opens (vite.config.ts manifestTransforms).
  const urls = ['spa.html', 'index.html', ...paths.filter((p) => p !== '/').map((p) => p.slice(1))];
  const missing = urls.filter((url) => !worker.includes(`"${url}"`));
  if (missing.length > 0) throw new Error(`sw.js does not precache ${missing.join(', ')}`);
  console.log(`[prerender] sw.js precaches spa.html and ${paths.length} pages`);
}

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const manifestFile = join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// Only this script needs it; the server would otherwise send it like any file of the build.
rmSync(join(dist, '.vite'), { recursive: true, force: true });
if (!shell.includes(ROOT_ELEMENT)) {
  console.error(`[prerender] dist/index.html has no ${ROOT_ELEMENT}; was it prerendered already?`);
  process.exit(1);
}

const vite = await createServer({
  root: webRoot,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
});
let failed = false;
let prerenderedPaths = [];
try {
  const { PRERENDERED_PATHS, PRERENDERED_FRAMES, HELD_EVENT_TYPES, renderPage } =
    await vite.ssrLoadModule('/src/app/prerender.tsx');
  prerenderedPaths = PRERENDERED_PATHS;
  writeCompressed(join(dist, 'spa.html'), shell);
  const pages = [
    ...PRERENDERED_PATHS.map((path) => ({
      path,
      file: path === '/' ? 'index.html' : join(path, 'index.html'),
    })),
    ...PRERENDERED_FRAMES,
  ];
  for (const { path, file, island } of pages) {
    try {
      const html = await renderPage(path);
      const entry = shell.match(ENTRY_SCRIPT)?.[1];
      const preloads = island ? chunksOf(manifest, island).filter((url) => url !== entry) : [];
      const page = loadAfterFirstPaint(shell, HELD_EVENT_TYPES, preloads).replace(
        ROOT_ELEMENT,
        `<div id="root">${html}</div>`,
      );
      writeCompressed(join(dist, file), page);
      console.log(`[prerender] ${path} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
    } catch (error) {
      failed = true;
      console.error(`[prerender] ${path} failed:`, error);
    }
  }
} finally {
  await vite.close();
}
if (!failed) await writeServiceWorker(prerenderedPaths);
process.exit(failed ? 1 : 0);
