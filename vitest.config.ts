import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files that take minutes: started first, so the others fill the remaining worker. */
const LONG_FILES = /[/\\]fuzz-\d+\.test\.ts$/;

/**
 * Vitest's order (slowest first when it has timings from an earlier run, else the largest files
 * first) with the long files ahead: on a fresh clone it has no timings, and the fuzz parts are
 * the smallest files of all, so they started last and ran alone at the end.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

// One `vitest run` at the root runs every workspace's unit and API suites. Vitest leaves a core
// for itself by default, which on CI's two cores means one test file at a time while the other
// core idles (the API suites wait on PGlite, PostgreSQL and child servers): two at least.
export default defineConfig({
  test: {
    // scripts/test.mjs names these projects in its two runs: add a new one there too.
    projects: [
      'packages/core',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.fuzz.config.ts',
      'apps/web',
    ],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The pool's isolation is left at its default here: each test file in a new process, which
    // every project tolerates. `npm test` (scripts/test.mjs) runs the node projects with
    // `--poolOptions.forks.isolate=false` instead: a worker then runs file after file, Vitest
    // runs the projects one after another (each with every worker), and each project says whether
    // a reused worker forgets its modules and mocks between files: the API suites keep them
    // (apps/server/vitest.config.ts), the fuzz suite forgets them, and so do the web files, which
    // keep only the packages and one jsdom window (apps/web/vitest.config.ts); the web project
    // runs in a second `vitest run`.
    sequence: { sequencer: LongFilesFirst },
  },
});
