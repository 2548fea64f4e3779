import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API suites.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
  },
});
