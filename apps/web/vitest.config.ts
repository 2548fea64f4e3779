import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) } },
  test: {
    name: 'web',
    // jsdom, one window per worker process (src/testing/jsdom-kept.ts).
    environment: './src/testing/jsdom-kept.ts',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/fresh-window.ts', './src/testing/setup.ts'],
    restoreMocks: true,
    // Each file imports the app's modules afresh (they keep state: the notification bell's seen
    // state, i18next's loaded languages, the plain vault, modules a file mocks), also when
    // `npm test` reuses worker processes (scripts/test.mjs: --poolOptions.forks.isolate=false);
    // the process, the packages under node_modules and the jsdom window are what is reused.
    poolOptions: { forks: { isolate: true } },
    // Room for several findBy* waits per test on a loaded machine (see src/testing/setup.ts).
    testTimeout: 20_000,
  },
});
