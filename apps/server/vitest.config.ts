import { defineProject } from 'vitest/config';

/** The fuzz suite's two halves: their own project (vitest.fuzz.config.ts), see below. */
export const FUZZ_FILES = 'test/fuzz-[0-9].test.ts';

// API suites start a PGlite (about 1-2 s from the saved migrated cluster, test/helpers/backends.ts)
// and run several apps, hence the generous timeouts.
//
// Not isolated: when the pool reuses workers (`npm test`, scripts/test.mjs, passes
// --poolOptions.forks.isolate=false; the root vitest.config.ts), a worker runs file after file
// with the modules it has already imported (Fastify, the routes, PGlite, drizzle, jose...),
// instead of a new process importing them all again per file; that halved the CPU of a run of
// eight API files (collect 86 s -> 10 s). Every file still builds its own app and database, none
// mocks a module, and test/setup.ts empties the one process-wide cache a later file could
// misread; the fuzz suite, which mocks the password hash, forgets modules in its own project.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: [FUZZ_FILES],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // Drops the PostgreSQL databases the workers kept for reuse (test/helpers/backends.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    poolOptions: { forks: { isolate: false } },
  },
});
