import { E2E_ISSUER, issuerKeyFile } from './issuer-key';
import { verifierKeyFile } from './verifier-key';

/**
 * The shell command that makes `dataDir` (relative to e2e/) a fresh data folder for the e2e
 * server, before the server starts: the product's `verifier:add` script mints an API key of the
 * seeded State Bank of India (tests/verifier-key.ts; oid4vp.spec.ts signs in to the verifier
 * portal with it), then `issuer:key` one of an issuer organisation (tests/issuer-key.ts;
 * receive-from-issuer.spec.ts makes OpenID4VCI offers with it). Each script's last output line
 * is the key. The first also creates the embedded database (migrations and the seed).
 * playwright.config.ts runs it per server; run.mjs runs it once and copies the folder to each
 * part (E2E_SEED_DIR), the same folder for a fraction of the work.
 */
export function freshDataFolderCommand(dataDir: string): string {
  return [
    `rm -rf ${dataDir}`,
    `mkdir -p ${dataDir}`,
    `DATA_DIR=${dataDir} node --import tsx ../apps/server/scripts/add-verifier.ts --key-for "State Bank of India" | tail -n 1 > ${verifierKeyFile(dataDir)}`,
    `DATA_DIR=${dataDir} node --import tsx ../apps/server/scripts/issuer-key.ts "${E2E_ISSUER}" | tail -n 1 > ${issuerKeyFile(dataDir)}`,
  ].join(' && ');
}
