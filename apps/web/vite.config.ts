import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { writeLanguageFonts } from './scripts/language-fonts';

/** The API server of apps/server (SPEC 9: local backend port 5000). */
const API_TARGET = 'http://localhost:5000';

/**
 * Paths the dev server forwards to the API, so the SPA can call the same origin. A key starting
 * with '^' is a regular expression: the verifier API lives below /verifier/, while /verifier
 * itself is the portal page.
 */
const PROXIED = [
  '/api',
  '/user',
  '/identity',
  '/health',
  '/storage',
  '/docs',
  '/vct',
  '/trust-list',
  '/status-lists',
  '/oid4vp',
  '^/verifier/.+',
];

/**
 * The server's API paths (API_PREFIXES in apps/server/src/plugins/static.ts): the service worker
 * never answers a navigation to them with the app shell (docs/adr/0007-service-worker.md).
 */
const API_PATHS =
  /^\/(api|user|identity|health|storage|docs|credentials\/verify|presentations|trust-list|status-lists)(\/|$)/;

/** A path whose last segment has a file extension: a missing file, never the app shell. */
const FILE_PATH = /\/[^/]+\.[^/]+$/;

/** The theme's orange (header accents, the browser's title bar in the installed app). */
const THEME_COLOUR = '#ea580c';
/** orange-50: the installed app's splash screen, behind the maskable icon. */
const BACKGROUND_COLOUR = '#fff7ed';

/**
 * Preloads the app's start-up steps in the shell (spa.html, the pages without prerendered HTML,
 * which start the app at once): src/main.tsx imports src/start-app.tsx, which imports its groups
 * of modules with dynamic imports, one task each. Adds a `<link rel="modulepreload">` to
 * index.html for start-app's chunk and every chunk its imports load (and their static imports),
 * beside Vite's own preloads of the entry's static imports, so all of start-up's files are
 * requested together and no step waits for the network. scripts/prerender.mjs leaves these links
 * out of the prerendered pages, which start the app only when needed (ADR 0010).
 */
function preloadStartSteps(): Plugin {
  return {
    name: 'pehchaan:preload-start-steps',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk } = context;
        if (!bundle || !chunk) return html;
        const start = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/start-app.tsx'),
        );
        if (start?.type !== 'chunk') throw new Error('the build has no src/start-app.tsx chunk');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const found = bundle[fileName];
          if (found?.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of found.imports) visit(imported);
        };
        visit(start.fileName);
        for (const dynamic of start.dynamicImports) visit(dynamic);
        for (const imported of chunk.imports) files.delete(imported);
        files.delete(chunk.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // The languages' fonts from core's registry (src/fonts/generated/), before any module loads.
    { name: 'pehchaan-language-fonts', config: () => writeLanguageFonts() } satisfies Plugin,
    react(),
    preloadStartSteps(),
    tailwindcss(),
    // The installable app (docs/adr/0007-service-worker.md): the web app manifest and
    // its <link>, and a Workbox service worker that precaches the app shell, every chunk and the
    // prerendered public pages. `vite build` writes a first sw.js; scripts/prerender.mjs writes
    // it again with these options once the prerendered pages exist, so they are precached too.
    // src/lib/service-worker.ts registers it (no inline script: the CSP stays hash-only).
    VitePWA({
      // A minified worker without Workbox's console logs, also when scripts/prerender.mjs (a
      // development-mode Vite server) writes it.
      mode: 'production',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Pehchaan',
        short_name: 'Pehchaan',
        description: 'Pehchaan: consent-first digital identity wallet',
        lang: 'en',
        dir: 'ltr',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        icons: [
          { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The build's files, and of the API only the public trust list and status lists (below):
        // never personal data; the encrypted browser store (lib/secure-*.ts) stays the only
        // offline copy of that.
        // Not the script fonts (fonts/generated/script-*.css, scripts/language-fonts.ts; about
        // 100 KB each): precaching would make every install download scripts most holders
        // never see. A font is fetched when its
        // script is first on screen and kept by the runtime cache below, so a holder who has read
        // the app in Hindi, Tamil or Bengali once starts offline with the font.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        runtimeCaching: [
          {
            // Same-origin build fonts only (content-hashed, so never stale); no API answer.
            // The .woff files are the credential PDF's (features/credentials/pdf-fonts.ts): kept
            // once fetched, so a PDF can be made offline (Latin, the Indic scripts, JP slices).
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              url.pathname.startsWith('/assets/') &&
              (url.pathname.endsWith('.woff2') || url.pathname.endsWith('.woff')),
            handler: 'CacheFirst',
            options: { cacheName: 'fonts', expiration: { maxEntries: 24 } },
          },
          {
            // /verify's "Scan offline QR" (docs/offline-verification.md): the trust list and the
            // issuers' status lists, public and personal-data free, from the network when it
            // answers within 4 s, else the last copy saved here (its Date header tells the page
            // how old it is). Same origin only.
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin &&
              (url.pathname === '/trust-list' || url.pathname.startsWith('/status-lists/')),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'offline-verification',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 64 },
            },
          },
        ],
        // Not the /verify frames: the worker answers /verify/<id> with the shell (one fallback).
        globIgnores: ['sw.js', 'workbox-*.js', '**/_frame.html', '**/_receipt_frame.html'],
        // One file: the worker needs no importScripts, so its CSP is script-src 'self' only.
        inlineWorkboxRuntime: true,
        // Precached under the URL a visitor opens: /about, not /about/index.html ('/' is
        // index.html through Workbox's directoryIndex).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) => ({
              ...entry,
              url: entry.url.endsWith('/index.html') ? entry.url.slice(0, -11) : entry.url,
            })),
            warnings: [],
          }),
        ],
        // Every other in-app path (signed-in screens, /verify/:id, the demos) opens the shell.
        navigateFallback: '/spa.html',
        navigateFallbackDenylist: [API_PATHS, FILE_PATH],
        // Content-hashed names under assets/ need no cache-busting query.
        dontCacheBustURLsMatching: /^assets\//,
        cleanupOutdatedCaches: true,
        // On the first install the open page is taken over at once (its later chunk loads come
        // from the cache); an update waits for the holder's Reload (registerType 'prompt').
        clientsClaim: true,
        sourcemap: false,
      },
    }),
    // Brotli and gzip copies beside each text asset: the server sends them as they are
    // (@fastify/static preCompressed), so phones on slow networks download a third of the bytes.
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/prerender.mjs reads which chunks an island needs (and
    // then deletes it).
    manifest: true,
    // The language names' faces stay files, fetched when a list shows them, except the ones
    // scripts/language-fonts.ts writes inline itself (the landing toggle's): Vite would inline
    // every face under 4 KB into the page's render-blocking stylesheet.
    assetsInlineLimit: (file) => (/[\\/]fonts[\\/]generated[\\/]/.test(file) ? false : undefined),
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, cached across releases of the app's own code. zod and
        // @pehchaan/core are left to Rollup, so a page loads only the schemas it uses.
        manualChunks(id) {
          // React Router apart: the /verify/{id} island (src/app/verify-island.ts) has no router.
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/react-router\//.test(id)) return 'router';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API_TARGET }])),
  },
});
