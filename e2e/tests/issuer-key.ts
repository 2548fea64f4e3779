import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from '@playwright/test';

/**
 * The issuer organisation the browser tests make credential offers as, and where the e2e web
 * server's first step writes a fresh API key of it (playwright.config.ts): `npm run issuer:key --
 * "Regional Transport Office"`, the product's own way to mint an issuer key, run on the e2e data
 * folder before the server starts (PGlite allows one process per folder). No test-only door in the
 * product. It offers Driving Licences, a type no other spec file gives the test demo holder.
 */
export const E2E_ISSUER = 'Regional Transport Office';

export function issuerKeyFile(dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data'): string {
  // Relative folders are relative to e2e/, where Playwright runs the web server's command.
  return resolve(import.meta.dirname, '..', dataDir, 'e2e-issuer-key');
}

/** The minted key (Bearer token of POST /issuer/offers, docs/api-contract.md "OpenID4VCI issuer"). */
export function issuerApiKey(): string {
  const key = readFileSync(issuerKeyFile(), 'utf8').trim();
  expect(key, 'playwright.config.ts mints an issuer key before the server starts').toMatch(/^pik_/);
  return key;
}
