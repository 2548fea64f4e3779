import { defineProject } from 'vitest/config';

// API suites start a PGlite (about 3-4 s) and run migrations, hence the generous timeouts.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
