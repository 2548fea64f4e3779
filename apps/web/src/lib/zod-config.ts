/**
 * Zod's global configuration for the browser, imported first by main.tsx so it applies before any
 * schema parses. `jitless`: zod 4 otherwise probes `new Function` on its first object parse to
 * compile faster parsers; the app's Content-Security-Policy has no 'unsafe-eval' (docs/security.md),
 * so the probe can only fail, and a refused eval costs the main thread a CSP violation report
 * during start-up (docs/performance.md). Parsing results are the same.
 */
import { z } from 'zod';

z.config({ jitless: true });
