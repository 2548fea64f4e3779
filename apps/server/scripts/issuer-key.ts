/**
 * `npm run issuer:key -- <issuer>`: mints an API key with which the issuer named (one of the
 * product's issuers: 'UIDAI', 'Income Tax Department', ...) may issue credentials as its own DID
 * through the W3C VC API issuer, POST /credentials/issue (docs/api-contract.md "W3C VC API
 * issuer"). Prints the issuer's DID, then the key (shown only once; stored as its hash) on the
 * last line. Uses the server's configuration (DATA_DIR, DATABASE_URL, MASTER_KEY); with PGlite,
 * stop the server first (one process per data folder).
 *
 *   npm run issuer:key -- UIDAI
 */
import { ISSUERS } from '@pehchaan/core';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/create-db';
import { createIssuerApiKey, isIssuerName } from '../src/issuer/create-issuer-api-key';
import { loadIssuerKeyring } from '../src/lib/issuer-keys';
import { loadMasterKey } from '../src/lib/master-key';
import { createVault } from '../src/lib/vault';

const USAGE = `Usage: npm run issuer:key -- <issuer>\nIssuers: ${ISSUERS.join(', ')}`;

async function main(): Promise<void> {
  const issuer = process.argv.slice(2).join(' ').trim();
  if (!isIssuerName(issuer)) throw new Error(USAGE);
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    await database.migrate();
    const { key } = loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir });
    const deps = { db: database.db, vault: createVault(key), now: config.now };
    const issuers = await loadIssuerKeyring(deps);
    const minted = await createIssuerApiKey({ ...deps, issuers, issuer });
    console.log(`Issuer ${issuer}: ${minted.did}`);
    console.log('API key, shown only once:');
    console.log(minted.apiKey);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
