/**
 * Process entry (`tsx src/server.ts`, or `npm start` at the root): reads the configuration,
 * builds the app and listens on HOST:PORT (default 0.0.0.0:5000, SPEC 9). SIGTERM and SIGINT
 * close the app gracefully: in-flight requests finish, then the database is closed.
 * A bad configuration or a failed start exits with status 1 and a readable message: a data
 * folder locked by another server, a damaged data folder, a master key that does not match the
 * data (test/lifecycle.test.ts), a database that lacks a migration (MIGRATIONS=check) or stayed
 * unreachable for a minute. Nothing is ever created over existing data.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirDamagedError } from './db/create-db';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseUnavailableError } from './db/postgres-hosts';
import { MasterKeyMismatchError } from './platform/claim-first-start';
import { MigrationsPendingError } from './plugins/db';

/** Start failures whose message says it all: printed without a stack trace. */
const KNOWN_START_ERRORS = [
  DataDirLockedError,
  DataDirDamagedError,
  MasterKeyMismatchError,
  MigrationsPendingError,
  DatabaseUnavailableError,
];

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck close must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (KNOWN_START_ERRORS.some((known) => error instanceof known)) {
    console.error(`Pehchaan server failed to start: ${(error as Error).message}`);
  } else {
    console.error('Pehchaan server failed to start:', error);
  }
  process.exit(1);
});
