import { resolve } from 'node:path';

/**
 * Where the e2e web server's first step writes a fresh API key of the seeded State Bank of India
 * (playwright.config.ts): `npm run verifier:add -- --key-for ...`, the product's own way to mint
 * a key, run on the e2e data folder before the server starts (PGlite allows one process per
 * folder, so it cannot run beside the server). No test-only door in the product.
 */
export function verifierKeyFile(dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'): string {
  // Relative folders are relative to e2e/, where Playwright runs the web server's command.
  return resolve(import.meta.dirname, '..', dataDir, 'e2e-verifier-key');
}
