/**
 * Database plugin (DECISIONS 5): opens the database chosen by the config (unless one is passed
 * in, as tests do to share one PGlite) and prepares it (prepareDatabase below: waits for it to
 * answer, applies the committed migrations or, with MIGRATIONS=check, refuses to start when one
 * is missing, loads the master key, loads (first start: creates) the issuers' Ed25519 keys and
 * the consent registry's key (src/lib/issuer-keys.ts), connects the roles' ports and seeds the
 * first-start data and the registered verifiers (src/compose.ts)).
 * Decorates the app
 * with `database` (the handle) and `deps` (what services need: db, vault, clock). A database it
 * opened itself is closed when the app closes; one passed in stays open for its owner. Expired
 * rows are purged at start and every hour (accounts/purge-expired.ts); the same hourly run
 * erases accounts whose deletion grace period is over (accounts/erase-due-accounts.ts), applies
 * each holder's data retention (accounts/apply-data-retention.ts) and makes the automatic
 * backups that are due (accounts/make-due-backups.ts). Activity logs written before the hash
 * chain (issue 17) are chained at start (lib/activity-chain.ts).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eraseDueAccounts } from '../accounts/erase-due-accounts';
import { makeDueBackups } from '../accounts/make-due-backups';
import { purgeExpired } from '../accounts/purge-expired';
import { connectRoles, seedFirstStart } from '../compose';
import type { AppConfig } from '../config';
import { createDatabase, type Database } from '../db/create-db';
import { DatabaseUnavailableError } from '../db/postgres-hosts';
import { chainUnchainedActivity } from '../lib/activity-chain';
import { applyDataRetention } from '../lib/activity-retention';
import type { ServiceDeps } from '../lib/deps';
import { loadConsentRegistryKey, loadIssuerKeyring, nodeProofCrypto } from '../lib/issuer-keys';
import { loadMasterKey } from '../lib/master-key';
import { isLoopbackAddress } from '../lib/oid4vp';
import { createVault } from '../lib/vault';
import { createVerifierRegistry } from '../lib/verifier-registry';
import { checkMasterKey } from '../platform/claim-first-start';

/** How often expired rows are deleted (ms). */
export const PURGE_INTERVAL_MS = 3_600_000;

/** How long a starting server waits for an unreachable database before it gives up (ms). */
export const DATABASE_START_WAIT_MS = 60_000;

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
 * @throws as prepareDatabase, and when the database cannot be opened.
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
  let deps: ServiceDeps;
  try {
    deps = await prepareDatabase({ database, config, log: app.log });
  } catch (error) {
    // A failed start releases what it opened (the PGlite folder lock) before it is reported.
    if (!options.db) await database.close().catch(() => {});
    throw error;
  }
  app.decorate('database', database);
  app.decorate('deps', deps);

  // Housekeeping, at start and hourly: ended sessions, expired OTP challenges and stale login
  // counts (accounts/purge-expired.ts); then the scheduled effects of the holders' settings:
  // erasures due, data retention, automatic backups. A failure is logged, never fatal.
  const housekeeping = [
    ['expired rows purged', () => purgeExpired(deps)],
    ['due accounts erased', () => eraseDueAccounts(deps)],
    ['data retention applied', () => applyDataRetention(deps)],
    ['due backups made', () => makeDueBackups(deps)],
  ] as const;
  const purge = async () => {
    for (const [done, run] of housekeeping) {
      await run().then(
        (result) => app.log.info({ result }, done),
        (error: unknown) => app.log.warn({ err: error }, `housekeeping failed: ${done}`),
      );
    }
  };
  await purge();
  const timer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** MIGRATIONS=check found committed migrations the database has not applied. */
export class MigrationsPendingError extends Error {
  constructor(readonly pending: number) {
    super(
      `the database lacks ${pending} migration${pending === 1 ? '' : 's'} of this release. ` +
        'Run `npm run migrate` (with the same DATABASE_URL) once, then start the instances; ' +
        'or start with MIGRATIONS=apply.',
    );
    this.name = 'MigrationsPendingError';
  }
}

export interface PrepareDatabaseOptions {
  database: Database;
  config: Pick<
    AppConfig,
    'migrations' | 'masterKey' | 'dataDir' | 'now' | 'publicOrigin' | 'oid4vpAllowLoopback' | 'host'
  >;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** How long to wait for an unreachable database (ms); DATABASE_START_WAIT_MS by default. */
  waitMs?: number;
}

/**
 * Makes an open database ready for this release and returns what services need: waits for it
 * to answer (a server started during a failover waits instead of exiting), applies the committed
 * migrations (MIGRATIONS=apply; under the startup lock) or checks that none is missing (check),
 * loads the master key and checks it against the data, then, under the startup lock so that
 * instances starting together never race, seeds first-start data and the registered verifiers
 * and loads (first start: creates) the issuers' keys and the consent registry's key. `npm run migrate` (scripts/migrate.ts)
 * runs the same steps once per release.
 * @throws DatabaseUnavailableError when the database does not answer within the wait;
 *   MigrationsPendingError (MIGRATIONS=check); MasterKeyMismatchError; migration and seed errors.
 */
export async function prepareDatabase(options: PrepareDatabaseOptions): Promise<ServiceDeps> {
  const { database, config, log } = options;
  await waitForDatabase(database, log, options.waitMs ?? DATABASE_START_WAIT_MS);
  if (config.migrations === 'apply') {
    await database.migrate();
  } else {
    const pending = await database.pendingMigrations();
    if (pending > 0) throw new MigrationsPendingError(pending);
  }
  const masterKey = loadMasterKey({ masterKey: config.masterKey, dataDir: config.dataDir });
  if (masterKey.warning) log.warn(masterKey.warning);
  log.info({ source: masterKey.source }, 'master key loaded');

  const base = { db: database.db, vault: createVault(masterKey.key), now: config.now };
  return database.withStartupLock(async () => {
    // A database written under another master key is refused before any key is decrypted.
    await checkMasterKey(base);
    // Issue 17: activity written before the hash chain existed is chained once
    // (lib/activity-chain.ts).
    await chainUnchainedActivity(database.db);
    const issuers = await loadIssuerKeyring(base);
    const deps = connectRoles({
      ...base,
      issuers,
      consentRegistry: await loadConsentRegistryKey(base),
      proofCrypto: nodeProofCrypto({ offload: true }),
      publicOrigin: config.publicOrigin,
      oid4vpAllowLoopback: allowLoopbackFor(config),
      verifierRegistry: createVerifierRegistry(database.db),
    });
    const { seeded } = await seedFirstStart(deps, (error: unknown) =>
      log.warn({ err: error }, 'linking the seeded consent requests failed'),
    );
    log.info({ storage: database.type, database: database.name, seeded }, 'database ready');
    return deps;
  });
}

/**
 * Resolves once the database answers a ping; logs every 5 s while it does not.
 * @throws DatabaseUnavailableError after `waitMs`.
 */
async function waitForDatabase(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  let nextLog = 0;
  while (!(await database.ping())) {
    if (Date.now() >= deadline) {
      throw new DatabaseUnavailableError(
        `the database did not answer within ${Math.round(waitMs / 1000)} s`,
      );
    }
    if (Date.now() >= nextLog) {
      log.warn({ database: database.name }, 'waiting for the database');
      nextLog = Date.now() + 5_000;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
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
