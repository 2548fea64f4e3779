import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API server of apps/server (SPEC 9: local backend port 5000). */
const API_TARGET = 'http://localhost:5000';

/** Paths the dev server forwards to the API, so the SPA can call the same origin. */
const PROXIED = ['/api', '/user', '/identity', '/health', '/storage', '/docs'];

export default defineConfig({
  // Brotli and gzip copies beside each text asset: the server sends them as they are
  // (@fastify/static preCompressed), so phones on slow networks download a third of the bytes.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, cached across releases of the app's own code. zod and
        // @pehchaan/core are left to Rollup, so a page loads only the schemas it uses.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
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
