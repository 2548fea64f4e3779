#!/usr/bin/env node
/**
 * Runs after `vite build` (npm run build): writes the public pages of src/app/prerender.tsx as
 * HTML into dist, so a visitor sees the page before any JavaScript has arrived.
 *
 * - dist/spa.html: the untouched shell (empty #root), which the server sends for every route
 *   that is not prerendered (the signed-in app, /verify/..., the demos).
 * - dist/index.html: the landing page; dist/<page>/index.html: the other pages, each loading the
 *   app's JavaScript only after its first contentful paint (`loadAfterFirstPaint`).
 * - the frames of the pages with a parameter (PRERENDERED_FRAMES, e.g. dist/verify/_frame.html
 *   for every /verify/<id>), loaded the same way.
 * - a .br and a .gz copy beside each written file, like the build's other assets.
 * - dist/sw.js written again by vite-plugin-pwa (its options in vite.config.ts), now that the
 *   prerendered pages and spa.html exist, so the service worker precaches them too.
 *
 * Exits non-zero when a page fails to render, so a broken page fails the build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * A prerendered page paints from its HTML and CSS alone, so its JavaScript is requested only
 * once the browser reports the page's first contentful paint (the `first-contentful-paint` paint
 * timing entry, observed with `buffered: true`): the first render never waits for, or competes
 * with, the app's code on a slow network, and no script can finish arriving before it (what
 * `npm run bench:web` counts as JavaScript before the first render).
 *
 * The previous trigger, the first animation frame plus a task, fired before that frame was
 * presented: the frame's raster and presentation took 60 to 300 ms on a busy machine, and the
 * scripts (requested at once from a near server) often arrived in between, so Lighthouse counted
 * 100 KB or more before FCP on `/` and its simulation put them on the FCP and LCP path. Browsers
 * without paint timing keep that trigger. A page in a background tab is not painted, so, as
 * before, its JavaScript waits until it is shown.
 *
 * The server's Content-Security-Policy allows this inline loader by its SHA-256 hash.
 */
function loadAfterFirstPaint(html) {
  const match = html.match(ENTRY_SCRIPT);
  if (!match) throw new Error('the built index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)];
  const hrefs = JSON.stringify([...preloads.map((m) => m[1]), match[1]]);
  // Preloads first, the entry last (the same order as Vite's tags).
  const loader =
    `<script>(function(){var a=${hrefs},d=0;` +
    'function go(){if(d)return;d=1;a.forEach(function(h,i){var e;' +
    "if(i<a.length-1){e=document.createElement('link');e.rel='modulepreload';e.href=h}" +
    "else{e=document.createElement('script');e.type='module';e.src=h}" +
    'document.head.appendChild(e)})}' +
    'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;' +
    "if(t&&t.indexOf('paint')>=0){new P(function(l,o){" +
    "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}" +
    "}).observe({type:'paint',buffered:true})}" +
    'else requestAnimationFrame(function(){setTimeout(go)})})()</script>';
  let page = html.replace(match[0], loader);
  for (const preload of preloads) page = page.replace(preload[0], '');
  return page;
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
  const { PRERENDERED_PATHS, PRERENDERED_FRAMES, renderPage } =
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
  for (const { path, file } of pages) {
    try {
      const html = await renderPage(path);
      const page = loadAfterFirstPaint(shell).replace(ROOT_ELEMENT, `<div id="root">${html}</div>`);
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
