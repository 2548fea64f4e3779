import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and no mocks: when `npm test` reuses workers from file to file (the root
    // vitest.config.ts), a worker keeps the modules it has imported.
    poolOptions: { forks: { isolate: false } },
  },
});
