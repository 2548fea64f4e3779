import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server of apps/server (SPEC 9: local backend port 5000). */
const API_TARGET = 'http://localhost:5000';

/** Paths the dev server forwards to the API, so the SPA can call the same origin. */
const PROXIED = ['/api', '/user', '/identity', '/health', '/storage', '/docs'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks, cached across releases of the app's own code.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          if (/node_modules\/zod\//.test(id)) return 'zod';
          if (/packages\/core\//.test(id)) return 'core';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API_TARGET }])),
  },
});
