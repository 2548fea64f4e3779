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
 * backups that are due (accounts/make-due-backups.ts); beside it, not awaited, the wallet checks
 * the status of the credentials whose daily check is due (wallet/check-due-credential-statuses.ts). Activity logs written before the hash
 * chain (issue 17) are chained at start (lib/activity-chain.ts). With DEMO_VERIFIER_KEYS=on
 * (`npm start` on the embedded database), the seeded verifier organisations get one demo API
 * key each when they are first registered, printed once through `announce` (stdout, never the
 * log); later starts print nothing.
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
import { createNotifier } from '../lib/notifier';
import { createVault } from '../lib/vault';
import { createVerifierRegistry } from '../lib/verifier-registry';
import { checkMasterKey } from '../platform/claim-first-start';
import { insertVerifierApiKey } from '../verifier/create-verifier-api-key';
import { checkDueCredentialStatuses } from '../wallet/check-due-credential-statuses';

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
  /** Where the demo verifier keys are printed (DEMO_VERIFIER_KEYS); default stdout. */
  announce?: ((text: string) => void) | undefined;
}

/**
 * The text that hands a newcomer the demo API keys of the seeded verifier organisations, once:
 * one line per organisation, and where to use them.
 */
export function demoVerifierKeysText(
  keys: readonly { name: string; apiKey: string }[],
  publicOrigin: string,
): string {
  const width = Math.max(...keys.map((key) => key.name.length));
  return [
    '',
    `Demo verifier API keys (shown this once; sign in at ${publicOrigin}/verifier):`,
    ...keys.map((key) => `  ${key.name.padEnd(width)}  ${key.apiKey}`),
    'They are stored only as hashes. Mint another with: npm run verifier:add -- --key-for "<name>"',
    '',
    '',
  ].join('\n');
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
    deps = await prepareDatabase({ database, config, log: app.log, announce: options.announce });
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
  // DECISIONS 8: the daily status check of the holders' credentials (wallet/
  // check-due-credential-statuses.ts) runs beside the hourly housekeeping, never awaited by the
  // start: an outside issuer's list may be slow. Closing waits for a run under way.
  let statusRun: Promise<void> = Promise.resolve();
  const checkStatuses = () => {
    statusRun = statusRun.then(() =>
      checkDueCredentialStatuses(deps).then(
        (result) => app.log.info({ result }, 'due credential statuses checked'),
        (error: unknown) =>
          app.log.warn({ err: error }, 'housekeeping failed: due credential statuses checked'),
      ),
    );
  };
  checkStatuses();
  const timer = setInterval(() => {
    void purge();
    checkStatuses();
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await statusRun;
  });
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
    | 'migrations'
    | 'masterKey'
    | 'dataDir'
    | 'now'
    | 'publicOrigin'
    | 'oid4vpAllowLoopback'
    | 'oid4vciAllowLoopback'
    | 'notifications'
    | 'demoVerifierKeys'
  >;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Where the demo verifier keys are printed (config.demoVerifierKeys); default stdout. */
  announce?: ((text: string) => void) | undefined;
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
      oid4vpAllowLoopback: config.oid4vpAllowLoopback,
      oid4vciAllowLoopback: config.oid4vciAllowLoopback,
      notifier: createNotifier(config.notifications, log),
      verifierRegistry: createVerifierRegistry(database.db),
    });
    const { seeded, verifiersAdded } = await seedFirstStart(deps, (error: unknown) =>
      log.warn({ err: error }, 'linking the seeded consent requests failed'),
    );
    if (config.demoVerifierKeys && verifiersAdded.length > 0) {
      // First registration of the seeded organisations: one demo key each, shown this once.
      const keys = [];
      for (const verifier of verifiersAdded) {
        const { apiKey } = await insertVerifierApiKey({ ...base, verifierId: verifier.id });
        keys.push({ name: verifier.name, apiKey });
      }
      const announce = options.announce ?? ((text: string) => void process.stdout.write(text));
      announce(demoVerifierKeysText(keys, config.publicOrigin));
      log.info({ organisations: keys.map((key) => key.name) }, 'demo verifier API keys printed');
    }
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
