/**
 * Database plugin (DECISIONS 5): opens the database chosen by the config (unless one is passed
 * in, as tests do to share one PGlite), applies the committed migrations, loads the master key,
 * checks it against the database, seeds first-start data and the registered verifiers (src/db/seed.ts), at first
 * seed makes user-001's seeded consent requests real OpenID4VP requests
 * (services/link-seeded-consent-requests.ts) and loads (first
 * start: creates) the issuers' Ed25519 keys (src/lib/issuer-keys.ts). Decorates the app
 * with `database` (the handle) and `deps` (what services need: db, vault, clock). A database it
 * opened itself is closed when the app closes; one passed in stays open for its owner. Expired
 * rows are purged at start and every hour (services/purge-expired.ts). Activity logs written
 * before the hash chain (issue 17) are chained at start (lib/activity-chain.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { createDatabase, type Database } from '../db/create-db';
import { seedDatabase, seedVerifiers } from '../db/seed';
import { chainUnchainedActivity } from '../lib/activity-chain';
import type { ServiceDeps } from '../lib/deps';
import { loadIssuerKeyring, nodeProofCrypto } from '../lib/issuer-keys';
import { loadMasterKey } from '../lib/master-key';
import { isLoopbackAddress } from '../lib/oid4vp';
import { createVault } from '../lib/vault';
import { createVerifierRegistry } from '../lib/verifier-registry';
import { linkSeededConsentRequests } from '../services/link-seeded-consent-requests';
import { purgeExpired } from '../services/purge-expired';

/** The holder SPEC 3 seeds the consent requests for. */
const SEEDED_HOLDER = 'user-001';

/** How often expired rows are deleted (ms). */
export const PURGE_INTERVAL_MS = 3_600_000;

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    deps: ServiceDeps;
  }
}

export interface DatabasePluginOptions {
  config: AppConfig;
  /** An already open database; the app then neither creates nor closes one. */
  db?: Database | undefined;
}

/**
 * @throws when the database cannot be opened or migrated, the key file is unreadable, or the
 *   master key differs from the one the data was written with (MasterKeyMismatchError).
 */
export async function registerDatabase(
  app: FastifyInstance,
  options: DatabasePluginOptions,
): Promise<void> {
  const { config } = options;
  const database =
    options.db ??
    (await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.db) app.addHook('onClose', () => database.close());
  try {
    await prepare(app, config, database);
  } catch (error) {
    // A failed start releases what it opened (the PGlite folder lock) before it is reported.
    if (!options.db) await database.close().catch(() => {});
    throw error;
  }
}

async function prepare(app: FastifyInstance, config: AppConfig, database: Database): Promise<void> {
  await database.migrate();
  const masterKey = loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir });
  if (masterKey.warning) app.log.warn(masterKey.warning);
  app.log.info({ source: masterKey.source }, 'master key loaded');

  const base = { db: database.db, vault: createVault(masterKey.key), now: config.now };
  const { seeded } = await seedDatabase(base);
  // Issue 17: activity written before the hash chain existed is chained once (lib/activity-chain.ts).
  await chainUnchainedActivity(database.db);
  await seedVerifiers(base);
  const issuers = await loadIssuerKeyring(base);
  const deps: ServiceDeps = {
    ...base,
    issuers,
    proofCrypto: nodeProofCrypto({ offload: true }),
    publicOrigin: config.publicOrigin,
    oid4vpAllowLoopback: allowLoopbackFor(config),
    verifierRegistry: createVerifierRegistry(database.db),
  };
  if (seeded) {
    // SPEC 3's three seeded requests of user-001 become real OpenID4VP requests of the seeded
    // verifiers (issue 16). A failure is logged: they then stay plain SPEC requests until a Reset.
    await linkSeededConsentRequests({ ...deps, userId: SEEDED_HOLDER }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'linking the seeded consent requests failed'),
    );
  }
  app.log.info({ storage: database.type, database: database.name, seeded }, 'database ready');

  app.decorate('database', database);
  app.decorate('deps', deps);

  // Housekeeping: ended sessions, expired OTP challenges and stale login counts, at start and
  // hourly (services/purge-expired.ts). A failure is logged, never fatal.
  const purge = () =>
    purgeExpired(base).then(
      (deleted) => app.log.info({ deleted }, 'expired rows purged'),
      (error: unknown) => app.log.warn({ err: error }, 'purging expired rows failed'),
    );
  await purge();
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Whether the OpenID4VP wallet may talk to loopback verifiers over http (docs/oid4vp.md):
 * OID4VP_ALLOW_LOOPBACK=true, or HOST is itself a loopback address ('localhost', 127.0.0.0/8,
 * ::1), i.e. the server is only reachable from this machine anyway.
 */
export function allowLoopbackFor(config: Pick<AppConfig, 'oid4vpAllowLoopback' | 'host'>): boolean {
  const host = config.host.replace(/^\[(.*)\]$/, '$1');
  return config.oid4vpAllowLoopback || host === 'localhost' || isLoopbackAddress(host);
}
