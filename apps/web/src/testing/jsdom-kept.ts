/**
 * The web project's Vitest environment: Vitest's own jsdom environment, set up once per worker
 * process and kept from test file to test file, instead of a new jsdom window per file.
 *
 * When `npm test` reuses workers (scripts/test.mjs passes --poolOptions.forks.isolate=false), a
 * worker keeps the modules it has imported (React, react-dom, the router, i18next, the
 * locales...) from file to file. Those modules hold on to the globals they first saw: Testing
 * Library's `screen` is bound to the first window's `document.body`, so with a new window per
 * file a later file rendered into one body and queried another (every test of the second file
 * failed on an empty `<body />`). One window per process makes the modules and the DOM agree, and
 * saves a jsdom set-up per file. What a file leaves in the window is undone after every test by
 * testing/setup.ts (DOM, storage, <html> classes and attributes, stubbed globals, the language).
 *
 * Stored on globalThis because Vitest loads an environment module afresh for each file. In a
 * process per file (a plain `vitest run`) it is exactly the jsdom environment. Shape: Vitest's
 * `Environment` (name, transformMode 'web', setup returning a teardown).
 */
import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

const KEPT = Symbol.for('pehchaan.jsdom-kept');

type Global = typeof globalThis & { [KEPT]?: true };

export default {
  name: 'jsdom-kept',
  transformMode: 'web',
  async setup(global: Global, options) {
    if (!global[KEPT]) {
      // The teardown it returns is never called: the window ends with the worker process.
      await builtinEnvironments.jsdom.setup(global, options);
      global[KEPT] = true;
    }
    return { teardown() {} };
  },
} satisfies Environment;
