import { defineProject } from 'vitest/config';
import { FUZZ_FILES } from './vitest.config';

// The fuzz suite's halves (test/fuzz/suite.ts): isolated workers, since the suite mocks a module
// (the password hash at a cheaper cost), which must not leak into the other API suites.
export default defineProject({
  test: {
    name: 'server-fuzz',
    include: [FUZZ_FILES],
    environment: 'node',
    // Drops the PostgreSQL database a worker kept (FUZZ_BACKEND=postgresql; test/helpers/backends.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    poolOptions: { forks: { isolate: true } },
  },
});
