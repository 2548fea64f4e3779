import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and API suites. Vitest leaves a core
// for itself by default, which on CI's two cores means one test file at a time while the other
// core idles (the API suites wait on PGlite, PostgreSQL and child servers): two at least.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
