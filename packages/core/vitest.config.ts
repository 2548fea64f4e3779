import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // A reused worker forgets the modules of the previous file (see the root vitest.config.ts).
    poolOptions: { forks: { isolate: true } },
  },
});
